import { Kind, parse } from 'graphql';

/**
 * An operation document as the app's code holds it, worked out at build time with graphql-js so
 * that no GraphQL parser ships (src/lib/cms/app-document.ts): its type, its name, and the fields
 * it selects, which the answer must carry (src/lib/cms/answer-shape.ts). A field is its answer
 * key (alias or name), alone, or with the fields under it and the @include/@skip condition on it.
 * Fields inside fragments are left out: they apply only to some types (dynamic zones), so an
 * answer need not carry them.
 */

/**
 * @typedef {string | boolean} ConditionValue a variable's name, or a literal boolean
 * @typedef {{ include?: ConditionValue, skip?: ConditionValue }} Condition
 * @typedef {string | [string, SelectedField[] | null] | [string, SelectedField[] | null, Condition]} SelectedField
 * @typedef {{ operation: 'query' | 'mutation' | 'subscription', name: string, fields: SelectedField[] }} CompiledOperation
 */

/**
 * @param {readonly import('graphql').DirectiveNode[] | undefined} directives
 * @returns {Condition | null}
 */
function conditionOf(directives) {
  /** @type {Condition} */
  const condition = {};
  for (const directive of directives ?? []) {
    const name = directive.name.value;
    if (name !== 'include' && name !== 'skip') continue;
    const value = directive.arguments?.find((argument) => argument.name.value === 'if')?.value;
    if (value?.kind === Kind.VARIABLE) condition[name] = value.name.value;
    else if (value?.kind === Kind.BOOLEAN) condition[name] = value.value;
  }
  return Object.keys(condition).length > 0 ? condition : null;
}

/**
 * @param {import('graphql').SelectionSetNode} selectionSet
 * @returns {SelectedField[]}
 */
function fieldsOf(selectionSet) {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind !== Kind.FIELD) return [];
    const key = selection.alias?.value ?? selection.name.value;
    const children = selection.selectionSet ? fieldsOf(selection.selectionSet) : null;
    const condition = conditionOf(selection.directives);
    if (condition) return [/** @type {SelectedField} */ ([key, children, condition])];
    return [children ? /** @type {SelectedField} */ ([key, children]) : key];
  });
}

/**
 * The compiled form of a document with one named operation; throws when it has none, or several.
 * @param {string} text
 * @returns {CompiledOperation}
 */
export function compileOperation(text) {
  const operations = parse(text).definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const [operation] = operations;
  if (operations.length !== 1 || !operation?.name) {
    throw new Error(`A GraphQL document must hold one named operation: ${text.slice(0, 80)}`);
  }
  return {
    operation: operation.operation,
    name: operation.name.value,
    fields: fieldsOf(operation.selectionSet),
  };
}
