// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  appGraphqlDocuments,
  graphqlDocumentsSentFrom,
} from '../../scripts/app-graphql-documents.mjs';

// The generated types and compiled documents (src/lib/cms/generated/) are made from the committed
// schema and the app's documents by `npm run codegen`: a document or schema changed without it
// fails here. Every document the app (and so the worker, which caches only those), the e2e specs
// and the benchmarks send validates against the committed schema, which in turn is held to the
// schema a real CMS serves by tests/cms/graphql-documents.cms.test.ts.

const root = new URL('../../', import.meta.url);
const schema = buildSchema(readFileSync(new URL('src/lib/cms/schema.graphql', root), 'utf8'));
const rootPath = decodeURIComponent(root.pathname);

/** "file NAME: message" for every document the committed schema refuses. */
function refused(documents: { file: string; name: string; text: string }[]): string[] {
  return documents.flatMap(({ file, name, text }) =>
    validate(schema, parse(text)).map((error) => `${file} ${name}: ${error.message}`),
  );
}

describe('generated GraphQL code', () => {
  it('is what npm run codegen makes now', () => {
    // In its own process: GraphQL Code Generator must meet the same graphql-js it was loaded with.
    const check = spawnSync(process.execPath, ['scripts/graphql-codegen.mjs', '--check'], {
      cwd: rootPath,
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 60_000);

  it('is made only from documents the committed schema accepts', () => {
    const app = appGraphqlDocuments(rootPath);
    expect(app.length).toBeGreaterThan(30);
    expect(refused(app)).toEqual([]);
    const tools = graphqlDocumentsSentFrom(rootPath, ['e2e', 'bench']);
    expect(tools.documents.length).toBeGreaterThan(10);
    expect(tools.unresolved).toEqual([]);
    expect(refused(tools.documents)).toEqual([]);
  }, 60_000);
});
