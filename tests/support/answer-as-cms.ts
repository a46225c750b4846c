import { Kind, parse, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/**
 * What a GraphQL server would answer for `document` from a store holding every field: only the
 * fields the document selects (aliases, fragments and inline fragments followed; arguments are
 * ignored, each root field answers its record as given). A field the store has but the query
 * does not ask for is left out, as the CMS leaves it out, so a test built on it fails when a
 * query forgets a field.
 */
export function answerAsCms(
  document: string,
  store: Record<string, unknown>,
): Record<string, unknown> {
  const parsed = parse(document);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of parsed.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const operation = parsed.definitions.find(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION)
    throw new Error('No operation in the document');

  const project = (value: unknown, selectionSet: SelectionSetNode): unknown => {
    if (Array.isArray(value)) return value.map((item) => project(item, selectionSet));
    if (value === null || typeof value !== 'object') return value ?? null;
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const select = (set: SelectionSetNode) => {
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          const key = selection.alias?.value ?? selection.name.value;
          const child = record[selection.name.value];
          out[key] = selection.selectionSet
            ? project(child ?? null, selection.selectionSet)
            : (child ?? null);
        } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
          const fragment = fragments.get(selection.name.value);
          if (!fragment) throw new Error(`Unknown fragment ${selection.name.value}`);
          select(fragment.selectionSet);
        } else {
          select(selection.selectionSet);
        }
      }
    };
    select(selectionSet);
    return out;
  };
  return project(store, operation.selectionSet) as Record<string, unknown>;
}
