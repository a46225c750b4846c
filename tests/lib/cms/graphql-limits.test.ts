import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkQuerySize, GRAPHQL_LIMITS, queryCost } from '../../../cms/src/graphql/query-cost.js';

// The CMS refuses a GraphQL request past its size limits (cms/src/graphql/query-cost.js).
// Every document the app sends must stay well inside them, so a query that grows past a limit
// fails here rather than in a classroom.
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../src/features/*/api/*.ts', '../../../src/lib/**/*.ts'],
  { eager: true },
);

/** Every exported string that is a GraphQL operation (documents are constants next to their fetcher). */
function appDocuments(): { name: string; source: string }[] {
  const documents: { name: string; source: string }[] = [];
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'string' && /^\s*(query|mutation)\s+\w+/.test(value)) {
        documents.push({ name: `${file.replace('../../../', '')} ${name}`, source: value });
      }
    }
  }
  return documents;
}

function tokenCount(source: string): number {
  // parse() reports the count only when it aborts: ask for one token fewer until it does.
  let low = 0;
  let high = GRAPHQL_LIMITS.maxTokens;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    try {
      parse(source, { maxTokens: middle });
      high = middle;
    } catch {
      low = middle + 1;
    }
  }
  return low;
}

describe('GraphQL size limits', () => {
  const documents = appDocuments();

  it('finds the app documents', () => {
    expect(documents.length).toBeGreaterThan(30);
  });

  it('keeps every document the app sends within the CMS limits, with room to spare', () => {
    const sizes = documents.map(({ name, source }) => {
      const costs = Object.values(queryCost(parse(source)));
      return {
        name,
        problems: checkQuerySize(source),
        tokens: tokenCount(source),
        fields: Math.max(...costs.map((cost) => cost.fields)),
        aliases: Math.max(...costs.map((cost) => cost.aliases)),
      };
    });
    const largest = (key: 'tokens' | 'fields' | 'aliases') =>
      sizes.reduce((a, b) => (b[key] > a[key] ? b : a));
    console.info(
      `largest app documents: ${largest('tokens').tokens} tokens (${largest('tokens').name}), ` +
        `${largest('fields').fields} fields (${largest('fields').name}), ${largest('aliases').aliases} aliases (${largest('aliases').name}); ` +
        `limits ${JSON.stringify(GRAPHQL_LIMITS)}`,
    );
    for (const size of sizes) {
      expect(size.problems, size.name).toEqual([]);
      // Half the limit: a document this close to it should be split before it is refused.
      expect(size.tokens, `${size.name} tokens`).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxTokens / 2);
      expect(size.fields, `${size.name} fields`).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxFields / 2);
      expect(size.aliases, `${size.name} aliases`).toBeLessThanOrEqual(
        GRAPHQL_LIMITS.maxAliases / 2,
      );
    }
  });

  it('counts fragments each time they are spread, and aliases', () => {
    const source = `
      query Q { a: schemes { ...F } b: schemes { ...F } programmes { title } }
      fragment F on Scheme { title lessons { title } }
    `;
    expect(queryCost(parse(source))).toEqual({ Q: { fields: 10, aliases: 2 } });
  });

  it('refuses too many aliases, too many fields and too many tokens', () => {
    const aliases = `query A { ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    expect(checkQuerySize(aliases)[0]).toMatch(/uses 21 aliases; the limit is 20/);
    const nested = `query B { schemes { ...F ...F ...F } } fragment F on Scheme { ${Array.from({ length: 250 }, () => 'title').join(' ')} }`;
    expect(checkQuerySize(nested)[0]).toMatch(/asks for 751 fields; the limit is 600/);
    const long = `query C { ${Array.from({ length: 6000 }, () => 'title').join(' ')} }`;
    expect(checkQuerySize(long)[0]).toMatch(/Document contains more (than|that) 5000 tokens/);
  });
});
