// `node scripts/cms-smoke.mjs`: proves an install can run the CMS. Boots it on a throwaway SQLite
// database (so better-sqlite3's native build must load), waits for /_health, then asks GraphQL
// for the seeded programmes (so the database was written and read). Used by .ci/run after the
// npm 12 install; exits non-zero with the reason otherwise.
import { scratchDir } from './scratch.mjs';
import { rmSync } from 'node:fs';
import { freePort, startCms } from './cms-process.mjs';

const dataDir = scratchDir('music-classroom-smoke-');
const began = Date.now();
let cms;
try {
  cms = await startCms({ port: await freePort(), dataDir, admin: false });
  const response = await fetch(`${cms.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ programmes(pagination: { limit: 3 }) { title } }' }),
  });
  const answer = await response.json();
  const titles =
    answer?.data?.programmes?.map((/** @type {{ title: string }} */ p) => p.title) ?? [];
  if (response.status !== 200 || titles.length === 0) {
    throw new Error(`GraphQL answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  console.log(
    `cms-smoke: the CMS opened SQLite, seeded and answered GraphQL (${titles.join(', ')}) in ${Date.now() - began} ms`,
  );
} catch (error) {
  console.error(`cms-smoke: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cms?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
