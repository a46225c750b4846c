// `npm run codegen:schema`: writes the GraphQL schema the CMS serves to src/lib/cms/schema.graphql,
// the schema GraphQL Code Generator types the app's documents against (scripts/graphql-codegen.mjs).
// It boots a throwaway CMS (its own first boot, in a temporary folder) and asks it by
// introspection, on in development. tests/cms/graphql-documents.cms.test.ts fails when the
// committed file differs from what a test CMS serves, so it cannot drift from the CMS.
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildClientSchema,
  getIntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import { format, resolveConfig } from 'prettier';
import { freePort, startCms } from './cms-process.mjs';
import { scratchDir } from './scratch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the committed schema lives. */
export const SCHEMA_FILE = join(root, 'src', 'lib', 'cms', 'schema.graphql');

/**
 * The schema as the committed file holds it: types in name order, so the file changes only when
 * the CMS's schema does (not when Strapi registers its types in another order), laid out by
 * Prettier as every other file is.
 * @param {import('graphql').IntrospectionQuery} introspection
 */
export async function schemaText(introspection) {
  const text = printSchema(lexicographicSortSchema(buildClientSchema(introspection)));
  return format(text, { ...(await resolveConfig(SCHEMA_FILE)), parser: 'graphql' });
}

async function main() {
  const dataDir = scratchDir('music-classroom-schema-');
  const cms = await startCms({
    port: await freePort(),
    dataDir,
    env: { CMS_DEVELOPER_ERRORS: 'true' },
  });
  try {
    const response = await fetch(`${cms.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: getIntrospectionQuery() }),
    });
    const answer =
      /** @type {{ data?: import('graphql').IntrospectionQuery, errors?: unknown }} */ (
        await response.json()
      );
    if (!answer.data) throw new Error(`Introspection failed: ${JSON.stringify(answer.errors)}`);
    writeFileSync(SCHEMA_FILE, await schemaText(answer.data));
    console.log(`Wrote ${SCHEMA_FILE}`);
  } finally {
    await cms.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
