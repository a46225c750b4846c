import { CmsError } from './errors';
import { Kind, parse } from './graphql-slim';
import type { DirectiveNode, DocumentNode, SelectionSetNode, ValueNode } from './selection-set';

/**
 * A GraphQL answer always carries every field its operation selected (null when there is no
 * value). One that lacks some came from something other than the CMS (a proxy, a captive portal,
 * a cut-off or rewritten body): the page must show its error view rather than crash on the
 * missing field. (The parser is the app's small reader that graphql-request also uses in the
 * app build: see graphql-slim.ts.)
 */
const parsed = new Map<string, DocumentNode | null>();

function documentOf(source: string): DocumentNode | null {
  if (!parsed.has(source)) {
    try {
      parsed.set(source, parse(source));
    } catch {
      parsed.set(source, null);
    }
  }
  return parsed.get(source) ?? null;
}

function valueOf(node: ValueNode, variables: Record<string, unknown>): unknown {
  if (node.kind === Kind.VARIABLE) return variables[node.name.value];
  if (node.kind === Kind.BOOLEAN) return node.value;
  return undefined;
}

/** @include(if:) and @skip(if:) as the server evaluates them. */
function isIncluded(
  directives: readonly DirectiveNode[] | undefined,
  variables: Record<string, unknown>,
): boolean {
  for (const directive of directives ?? []) {
    const condition = directive.arguments?.find((argument) => argument.name.value === 'if');
    if (!condition) continue;
    const value = valueOf(condition.value, variables);
    if (directive.name.value === 'include' && value === false) return false;
    if (directive.name.value === 'skip' && value === true) return false;
  }
  return true;
}

/** The first selected field missing from `value`, as a dotted path, or null. */
function missingField(
  selection: SelectionSetNode,
  value: unknown,
  variables: Record<string, unknown>,
  path: string,
  depth: number,
): string | null {
  if (value === null || value === undefined || depth <= 0) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const missing = missingField(selection, item, variables, `${path}[${index}]`, depth);
      if (missing) return missing;
    }
    return null;
  }
  if (typeof value !== 'object') return path || 'data';
  const record = value as Record<string, unknown>;
  for (const node of selection.selections) {
    // Fields inside fragments apply only to some types (dynamic zones): not required here.
    if (node.kind !== Kind.FIELD || !isIncluded(node.directives, variables)) continue;
    const key = node.alias?.value ?? node.name.value;
    const fieldPath = path ? `${path}.${key}` : key;
    if (!(key in record)) return fieldPath;
    if (node.selectionSet) {
      const missing = missingField(node.selectionSet, record[key], variables, fieldPath, depth - 1);
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
export function assertAnswerShape(
  document: string,
  variables: unknown,
  data: unknown,
  depth = DEFAULT_SHAPE_DEPTH,
): void {
  const operation = documentOf(document)?.definitions.find(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return;
  const vars = (variables ?? {}) as Record<string, unknown>;
  const missing =
    data === null || data === undefined
      ? 'data'
      : missingField(operation.selectionSet, data, vars, '', depth);
  if (missing) {
    throw new CmsError(
      'The content service sent an incomplete answer',
      502,
      `The answer has no "${missing}".`,
    );
  }
}
