import { CmsError } from './errors';
import { operationSelections, type Condition, type Selection } from './selection-set';

/**
 * A GraphQL answer always carries every field its operation selected (null when there is no
 * value). One that lacks some came from something other than the CMS (a proxy, a captive portal,
 * a cut-off or rewritten body): the page must show its error view rather than crash on the
 * missing field.
 */
const parsed = new Map<string, Selection[] | null>();

function selectionsOf(source: string): Selection[] | null {
  if (!parsed.has(source)) parsed.set(source, operationSelections(source));
  return parsed.get(source) ?? null;
}

/** @include(if:) and @skip(if:) as the server evaluates them. */
function isIncluded(conditions: readonly Condition[], variables: Record<string, unknown>): boolean {
  for (const condition of conditions) {
    const value = condition.variable !== undefined ? variables[condition.variable] : condition.literal;
    if (condition.directive === 'include' && value === false) return false;
    if (condition.directive === 'skip' && value === true) return false;
  }
  return true;
}

/** The first selected field missing from `value`, as a dotted path, or null. */
function missingField(
  selections: readonly Selection[],
  value: unknown,
  variables: Record<string, unknown>,
  path: string,
  depth: number,
): string | null {
  if (value === null || value === undefined || depth <= 0) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const missing = missingField(selections, item, variables, `${path}[${index}]`, depth);
      if (missing) return missing;
    }
    return null;
  }
  if (typeof value !== 'object') return path || 'data';
  const record = value as Record<string, unknown>;
  for (const node of selections) {
    // Fields inside fragments apply only to some types (dynamic zones): not required here.
    if (node.kind !== 'field' || !isIncluded(node.conditions, variables)) continue;
    const key = node.key;
    const fieldPath = path ? `${path}.${key}` : key;
    if (!(key in record)) return fieldPath;
    if (node.selections) {
      const missing = missingField(node.selections, record[key], variables, fieldPath, depth - 1);
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
 * Throws a CmsError (502: a bad answer from upstream) when `data` lacks a field the operation
 * selected, down to `depth` levels.
 */
export function assertAnswerShape(document: string, variables: unknown, data: unknown, depth = DEFAULT_SHAPE_DEPTH): void {
  const selections = selectionsOf(document);
  if (!selections) return;
  const vars = (variables ?? {}) as Record<string, unknown>;
  const missing = data === null || data === undefined ? 'data' : missingField(selections, data, vars, '', depth);
  if (missing) {
    throw new CmsError('The content service sent an incomplete answer', 502, `The answer has no "${missing}".`);
  }
}
