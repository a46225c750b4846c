import { Kind, parse, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationSelections, type Selection } from '../../../src/lib/cms/selection-set';

/** The same shape, read with the full `graphql` parser (what answer-shape used before issue 24). */
function reference(source: string): Selection[] | null {
  const operation = parse(source).definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return null;
  const read = (set: SelectionSetNode): Selection[] =>
    set.selections.map((node) =>
      node.kind !== Kind.FIELD
        ? { kind: 'fragment' }
        : {
            kind: 'field',
            key: node.alias?.value ?? node.name.value,
            conditions: (node.directives ?? []).flatMap((directive) =>
              (directive.arguments ?? [])
                .filter((argument) => argument.name.value === 'if')
                .map((argument) => ({
                  directive: directive.name.value,
                  ...(argument.value.kind === Kind.VARIABLE ? { variable: argument.value.name.value } : {}),
                  ...(argument.value.kind === Kind.BOOLEAN ? { literal: argument.value.value } : {}),
                })),
            ),
            selections: node.selectionSet ? read(node.selectionSet) : null,
          },
    );
  return read(operation.selectionSet);
}

/** Every GraphQL document the app sends: the exported strings of its modules that are operations. */
const modules = import.meta.glob<Record<string, unknown>>(['../../../src/**/*.ts', '!../../../src/**/*.d.ts'], {
  eager: true,
});
const documents = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .filter(([, text]) => /^\s*(#[^\n]*\n\s*)*(query|mutation)\s+\w+\s*[({]/.test(text))
    .map(([name, text]) => ({ name: `${file.replace('../../../', '')} ${name}`, text })),
);

describe('operationSelections', () => {
  it('finds the app’s documents to compare', () => {
    expect(documents.length).toBeGreaterThan(20);
  });

  it.each(documents)('reads $name as the graphql parser does', ({ text }) => {
    expect(operationSelections(text)).toEqual(reference(text));
  });

  it('reads aliases, arguments with strings and objects, directives, fragments and comments', () => {
    const source = /* GraphQL */ `
      # a comment { with a brace
      fragment Item on Thing { title }
      query Shape($all: Boolean!, $where: Filter = { slug: { eq: "a}" } }) {
        first: items(filters: { title: { contains: "(x" } }, sort: ["title:asc"]) @skip(if: $all) {
          ...Item
          ... on Other { only_here }
          id
        }
        every: items @include(if: true) { id }
        text(format: """block "quoted" }""")
      }
    `;
    expect(operationSelections(source)).toEqual(reference(source));
  });

  it('gives null for a document that does not parse, as answer-shape expects', () => {
    expect(operationSelections('query Broken { items { id }')).toBeNull();
  });
});
