import { parse as graphqlParse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { compileOperation } from '../../../scripts/graphql-compile.mjs';
import { compiledOperationOf } from '../../../src/lib/cms/app-document';
import { parse as slimParse } from '../../../src/lib/cms/graphql-slim';
import { APP_DOCUMENTS } from '../../support/app-graphql-documents';

// No GraphQL parser ships: each of the app's documents carries its compiled form, made at build
// time from its text with graphql-js (`npm run codegen`). Here every document the app's modules
// really export is held to it, so a text edited without running codegen fails.

/** The source text of every module, to count the documents written there. */
const sources = import.meta.glob<string>(
  ['../../../src/**/*.{ts,tsx}', '!../../../src/**/*.d.ts', '!../../../src/lib/cms/generated/**'],
  { eager: true, query: '?raw', import: 'default' },
);
// Comments left out: they quote operations too (`query Name(`).
const written = Object.values(sources).flatMap((text) =>
  [
    ...text.replace(/\/\*[^]*?\*\/|\/\/[^\n]*/g, '').matchAll(/`\s*(?:query|mutation)\s+(\w+)/g),
  ].map((match) => match[1]),
);

describe("the app's documents, compiled at build time", () => {
  it('finds every document written in src/, as the module exports it and as the build lists it', () => {
    expect(APP_DOCUMENTS.map(({ operationName }) => operationName).sort()).toEqual(
      [...written].sort(),
    );
    expect(written.length).toBeGreaterThanOrEqual(39);
    expect(
      APP_DOCUMENTS.filter(({ operation }) => operation === 'mutation').length,
    ).toBeGreaterThanOrEqual(3);
  });

  it.each(APP_DOCUMENTS)('carries the compiled form of its own text: $name', ({ text }) => {
    expect(compiledOperationOf(text)).toEqual(compileOperation(text));
  });

  it.each(APP_DOCUMENTS)(
    'gives graphql-request the operation graphql-js reads: $name',
    ({ text }) => {
      const real = graphqlParse(text).definitions[0]!;
      expect(slimParse(text)).toMatchObject({
        kind: 'Document',
        definitions: [
          {
            kind: real.kind,
            operation: 'operation' in real ? real.operation : null,
            name: { value: 'name' in real ? real.name?.value : null },
          },
        ],
      });
    },
  );

  it('refuses a text that is not one of them (nothing is parsed at run time)', () => {
    expect(() => slimParse('query Other { me { id } }')).toThrow(
      /not one of the app’s GraphQL documents/i,
    );
    expect(compiledOperationOf('query Other { me { id } }')).toBeUndefined();
  });
});

describe('compileOperation (build time, graphql-js)', () => {
  it('keeps answer keys, nesting and @include/@skip conditions, and leaves out fragments', () => {
    const source = /* GraphQL */ `
      # a comment { with a brace
      fragment Item on Thing {
        title
      }
      query Shape($all: Boolean!) {
        first: items(filters: { title: { contains: "(x" } }) @skip(if: $all) {
          ...Item
          ... on Other {
            only_here: here(id: 7)
          }
          id
        }
        every: items @include(if: true) {
          id
        }
        text(format: "esc\\"aped)")
      }
    `;
    expect(compileOperation(source)).toEqual({
      operation: 'query',
      name: 'Shape',
      fields: [['first', ['id'], { skip: 'all' }], ['every', ['id'], { include: true }], 'text'],
    });
  });

  it('refuses what is not one named operation', () => {
    expect(() => compileOperation('{ me { id } }')).toThrow(/one named operation/);
    expect(() => compileOperation('query A { a } query B { b }')).toThrow(/one named operation/);
    expect(() => compileOperation('query Broken { items { id }')).toThrow();
  });
});
