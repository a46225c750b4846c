import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildClientSchema,
  getIntrospectionQuery,
  parse,
  specifiedRules,
  validate,
  type GraphQLSchema,
  type IntrospectionQuery,
  type ValidationRule,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appGraphqlDocuments,
  graphqlDocumentsSentFrom,
} from '../../scripts/app-graphql-documents.mjs';
import { SCHEMA_FILE, schemaText } from '../../scripts/graphql-schema.mjs';
import { queryCostRule } from '../../cms/src/graphql/query-cost.js';
import { bootTestCms } from './support/test-cms';

// Every GraphQL document the app sends validates against the schema the CMS really serves, so a
// field renamed or removed in the CMS fails here, not in a classroom. The rules are graphql-js's
// own and the two the CMS adds (cms/config/plugins.js): the size limits and published-only. The
// documents that the e2e specs and benchmarks send to a real CMS are held to the same schema; the
// unit tests' documents are not (they stand in for a CMS that is not there, or are refused on
// purpose by the CMS tests).

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const APP = appGraphqlDocuments(root);
const TOOLS = graphqlDocumentsSentFrom(root, ['e2e', 'bench']);

// Introspection is on for a CMS in development (the test CMS), whatever the shell says.
const cms = bootTestCms('graphql-documents', { env: { CMS_DEVELOPER_ERRORS: 'true' } });
let schema: GraphQLSchema;
let introspection: IntrospectionQuery;

beforeAll(async () => {
  const answer = await cms.graphql<IntrospectionQuery>(getIntrospectionQuery());
  expect(answer.errors, 'introspection of the test CMS').toBeUndefined();
  introspection = answer.data!;
  schema = buildClientSchema(introspection);
});

// Loaded untyped: the CMS's JavaScript is checked under its own, looser settings (tsconfig.cms.json).
const { publishedOnlyRule } = createRequire(import.meta.url)(
  '../../cms/src/graphql/published-only-rule.js',
) as { publishedOnlyRule: ValidationRule };
const CMS_RULES = [...specifiedRules, queryCostRule, publishedOnlyRule];

/** Why the CMS would refuse a document before running it (empty when it would run it). */
function refusals(text: string): string[] {
  let document;
  try {
    document = parse(text);
  } catch (error) {
    return [(error as Error).message];
  }
  return validate(schema, document, CMS_RULES).map((error) => error.message);
}

/** "file NAME: message" for every refused document, so a failure names each one. */
function refused(documents: { file: string; name: string; text: string }[]): string[] {
  return documents.flatMap(({ file, name, text }) =>
    refusals(text).map((message) => `${file} ${name}: ${message}`),
  );
}

describe('GraphQL documents against the CMS schema', () => {
  it('has the committed schema the generated types come from (npm run codegen:schema)', async () => {
    expect(await schemaText(introspection)).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
  });

  it('validates every document the app sends', () => {
    expect(APP.length).toBeGreaterThan(30);
    expect(refused(APP)).toEqual([]);
  });

  it('validates every document the e2e specs and benchmarks send', () => {
    expect(TOOLS.documents.length).toBeGreaterThan(10);
    // A document built from values known only when it runs could not be checked: write it as a
    // constant (or from constants) so that it is.
    expect(TOOLS.unresolved).toEqual([]);
    expect(refused(TOOLS.documents)).toEqual([]);
  });

  it('refuses an app document with a field the CMS does not have, or asking for drafts', () => {
    const programmes = APP.find(({ name }) => name === 'PROGRAMME_QUERY')!;
    expect(refusals(programmes.text)).toEqual([]);
    const renamed = programmes.text.replace(/^(\s+)slug$/m, '$1slugRenamed');
    expect(renamed).not.toBe(programmes.text);
    expect(refusals(renamed)).toEqual([expect.stringMatching(/Cannot query field "slugRenamed"/)]);
    expect(refusals('query Drafts { lessons(status: DRAFT) { documentId } }').join('\n')).toMatch(
      /Drafts are not readable/,
    );
    expect(refusals('query Broken { lessons { documentId }').length).toBe(1);
  });
});
