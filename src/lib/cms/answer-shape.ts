import { compiledOperationOf, type Condition, type SelectedField } from './app-document';
import { CmsError } from './errors';

/**
 * A GraphQL answer always carries every field its operation selected (null when there is no
 * value). One that lacks some came from something other than the CMS (a proxy, a captive portal,
 * a cut-off or rewritten body): the page must show its error view rather than crash on the
 * missing field. The selected fields come from the document's compiled form, made at build time
 * (app-document.ts): nothing is parsed here.
 */

function valueOf(value: string | boolean | undefined, variables: Record<string, unknown>) {
  return typeof value === 'string' ? variables[value] : value;
}

/** @include(if:) and @skip(if:) as the server evaluates them. */
function isIncluded(condition: Condition | undefined, variables: Record<string, unknown>): boolean {
  if (!condition) return true;
  if (valueOf(condition.include, variables) === false) return false;
  return valueOf(condition.skip, variables) !== true;
}

/** The first selected field missing from `value`, as a dotted path, or null. */
function missingField(
  fields: readonly SelectedField[],
  value: unknown,
  variables: Record<string, unknown>,
  path: string,
  depth: number,
): string | null {
  if (value === null || value === undefined || depth <= 0) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const missing = missingField(fields, item, variables, `${path}[${index}]`, depth);
      if (missing) return missing;
    }
    return null;
  }
  if (typeof value !== 'object') return path || 'data';
  const record = value as Record<string, unknown>;
  for (const field of fields) {
    const [key, children, condition] = typeof field === 'string' ? [field, null] : field;
    if (!isIncluded(condition, variables)) continue;
    const fieldPath = path ? `${path}.${key}` : key;
    if (!(key in record)) return fieldPath;
    if (children) {
      const missing = missingField(children, record[key], variables, fieldPath, depth - 1);
      if (missing) return missing;
    }
  }
  return null;
}

/**
 * Every level of the answer is checked: a page reads nested fields too (`programmes[0].units`),
 * so an object the CMS answered without them must give the error view, not a crash.
 */
export const DEFAULT_SHAPE_DEPTH = Number.POSITIVE_INFINITY;

/**
 * Throws a CmsError (502: a bad answer from upstream) when `data` is missing, or lacks a field the
 * operation selected, down to `depth` levels. Of a text that is not one of the app's documents
 * (no compiled form to read) only `data` is checked.
 */
export function assertAnswerShape(
  document: string,
  variables: unknown,
  data: unknown,
  depth = DEFAULT_SHAPE_DEPTH,
): void {
  const operation = compiledOperationOf(document);
  const vars = (variables ?? {}) as Record<string, unknown>;
  const missing =
    data === null || data === undefined
      ? 'data'
      : operation && missingField(operation.fields, data, vars, '', depth);
  if (missing) {
    throw new CmsError(
      'The content service sent an incomplete answer',
      502,
      `The answer has no "${missing}".`,
    );
  }
}
