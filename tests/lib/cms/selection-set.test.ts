// The REAL graphql-js parser (a deep path: the unit project gives the bare `graphql` to graphql-request
// as the app build does, the slim stand-in).
import { parse as graphqlParse } from 'graphql/language/parser';
import { describe, expect, it } from 'vitest';
import { parseOperations } from '../../../src/lib/cms/selection-set';

type Node = { readonly kind: string; readonly [key: string]: unknown };

/**
 * What graphql-request and answer-shape read from a document, the same way from either parser:
 * each definition's kind, operation type and name, and its selection tree (field names, aliases,
 * directives with their arguments' kinds and variable or boolean values, fragments' names and
 * type conditions).
 */
function outline(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(outline);
  if (node === null || typeof node !== 'object') return node;
  const {
    kind,
    name,
    alias,
    operation,
    typeCondition,
    directives,
    arguments: args,
    value,
    selectionSet,
    selections,
    definitions,
  } = node as Node;
  const read: Record<string, unknown> = { kind };
  const keep = {
    name,
    alias,
    operation,
    typeCondition,
    directives,
    selectionSet,
    selections,
    definitions,
  };
  for (const [key, child] of Object.entries(keep))
    if (child !== undefined) read[key] = outline(child);
  // Field arguments are skipped by the app's reader (nothing reads them); directives' are kept.
  if (kind === 'Directive') read.arguments = outline(args);
  if (kind === 'Argument' || kind === 'Variable' || kind === 'BooleanValue' || kind === 'Name') {
    if (value !== undefined) read.value = outline(value);
  }
  return read;
}

/** Every GraphQL document the app sends: the exported strings of its modules that are operations. */
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../src/**/*.ts', '!../../../src/**/*.d.ts'],
  {
    eager: true,
  },
);
/** The source text of every module, to count the documents written there (a template literal opening with an operation). */
const sources = import.meta.glob<string>(
  ['../../../src/**/*.{ts,tsx}', '!../../../src/**/*.d.ts'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);
// Comments left out: they quote operations too (`query Name(`).
const written = Object.values(sources).flatMap((text) =>
  [
    ...text.replace(/\/\*[^]*?\*\/|\/\/[^\n]*/g, '').matchAll(/`\s*(?:query|mutation)\s+(\w+)/g),
  ].map((match) => match[1]),
);
const operationName = (text: string) => /(?:query|mutation)\s+(\w+)/.exec(text)?.[1];
const documents = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .filter(([, text]) => /^\s*(#[^\n]*\n\s*)*(query|mutation)\s+\w+/.test(text))
    .map(([name, text]) => ({ name: `${file.replace('../../../', '')} ${name}`, text })),
);

describe('parseOperations (the app build’s stand-in for graphql-js’s parse)', () => {
  it('finds every document the app sends to compare', () => {
    // Each document written in src/ is an exported constant, so all of them are compared here.
    expect([...new Set(documents.map(({ text }) => operationName(text)))].sort()).toEqual(
      [...written].sort(),
    );
    expect(
      documents.filter(({ text }) => /^\s*mutation\b/.test(text)).length,
    ).toBeGreaterThanOrEqual(3);
    expect(written.length).toBeGreaterThanOrEqual(39);
  });

  it.each(documents)('reads $name as graphql-js does', ({ text }) => {
    const slim = parseOperations(text);
    const real = graphqlParse(text);
    expect(outline(slim)).toEqual(outline(real));
    // And whatever the reader does give has graphql-js's values.
    expect(real).toMatchObject(slim);
  });

  it('reads aliases, arguments, directives, fragments, comments and strings as graphql-js does', () => {
    const source = /* GraphQL */ `
      # a comment { with a brace
      fragment Item on Thing @keep(reason: "x") {
        title
      }
      query Shape($all: Boolean!, $where: Filter = { slug: { eq: "a}" } }) @live {
        first: items(filters: { title: { contains: "(x" } }, sort: ["title:asc"], limit: -1.5e3)
          @skip(if: $all) {
          ...Item @include(if: false)
          ... on Other {
            only_here: here(id: 7)
          }
          ... @include(if: true) {
            id
          }
          id
        }
        every: items
          @include(if: true)
          @note(
            text: """
            block "quoted" }
            """
            level: HIGH
            none: null
            list: [1, 2]
          ) {
          id
        }
        text(format: "esc\\"aped)")
      }
    `;
    const slim = parseOperations(source);
    expect(outline(slim)).toEqual(outline(graphqlParse(source)));
    expect(graphqlParse(source)).toMatchObject(slim);
  });

  it('reads an anonymous query and a named mutation as graphql-request needs them', () => {
    expect(parseOperations('{ me { id } }').definitions[0]).toMatchObject({
      kind: 'OperationDefinition',
      operation: 'query',
    });
    const mutation = parseOperations('mutation Save($id: ID!) { save(id: $id) { id } }')
      .definitions[0];
    expect(mutation).toMatchObject({
      operation: 'mutation',
      name: { kind: 'Name', value: 'Save' },
    });
  });

  it.each([
    'query Broken { items { id }',
    'query Empty { }',
    'query Odd { items ) }',
    '',
    'query Q { a } %',
    'query Q { a } }',
  ])('refuses %j, as graphql-js does', (source) => {
    expect(() => graphqlParse(source)).toThrow();
    expect(() => parseOperations(source)).toThrow(SyntaxError);
  });
});
