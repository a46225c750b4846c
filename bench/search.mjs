// Search figures (printed as JSON and written to bench/results/search.json; never pass/fail):
// the CMS's search (cms/src/search: the same store and query code) over 10,000 generated
// documents on SQLite, and on PostgreSQL when one can be started (p50/p95).
// Run: node bench/search.mjs (DATABASES=sqlite to skip PostgreSQL).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { scratchDir } from '../scripts/scratch.mjs';
import { docs, N, QUERIES, quantile } from './search-corpus.mjs';

const require = createRequire(new URL('../cms/package.json', import.meta.url));
// The CMS's own modules (CommonJS, checked with the CMS's settings) and its knex, loaded untyped.
/** @param {string} name @returns {any} */
const load = (name) => require(name);
const knexFactory = load('knex');
const { createStore } = load('../cms/src/search/store.js');
const { runSearch } = load('../cms/src/search/index.js');

/** @param {string} client @param {unknown} connection */
async function online(client, connection) {
  const knex = knexFactory({
    client,
    connection,
    useNullAsDefault: true,
    pool: client === 'sqlite' ? { min: 1, max: 1 } : { min: 1, max: 4 },
  });
  /** @type {any} */
  const strapi = {
    db: {
      connection: knex,
      dialect: { client: client === 'pg' ? 'postgres' : 'sqlite' },
      inTransaction: () => false,
    },
  };
  const store = createStore(strapi);
  await store.ensureTables();
  await store.clear();
  const began = performance.now();
  // As the CMS's rebuild does: every document in one transaction.
  await knex.transaction(async (/** @type {unknown} */ trx) => {
    strapi.db.inTransaction = () => true;
    strapi.db.transaction = async () => ({ get: () => trx });
    for (const doc of docs)
      await store.put({
        key: `api::x.x:${doc.documentId}`,
        uid: 'api::x.x',
        documentId: doc.documentId,
        kind: doc.kind,
        title: doc.title,
        paidOnly: false,
        open: { title: doc.title, body: doc.body },
        full: { title: doc.title, body: doc.body },
        audience: null,
        keyStages: [],
        place: [],
        href: doc.href,
        time: null,
        activityType: null,
        refs: [],
      });
  });
  strapi.db.inTransaction = () => false;
  const indexMs = performance.now() - began;
  const times = [];
  for (let round = 0; round < 3; round += 1)
    for (const q of QUERIES) {
      const t = performance.now();
      await runSearch(store, {
        q,
        subscriber: false,
        kind: undefined,
        audience: undefined,
        time: undefined,
        limit: 20,
      });
      times.push(performance.now() - t);
    }
  await knex.destroy();
  return {
    documents: N,
    indexAllMs: Math.round(indexMs),
    searches: times.length,
    searchP50Ms: quantile(times, 0.5),
    searchP95Ms: quantile(times, 0.95),
  };
}

/** @type {Record<string, unknown>} */
const result = {};
const dir = scratchDir('search-bench-');
try {
  result.onlineSqlite = await online('better-sqlite3', { filename: `${dir}/search.db` });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (process.env.DATABASES !== 'sqlite') {
  try {
    const { startPostgres } = await import('../scripts/postgres.mjs');
    const pg = await startPostgres({ database: 'search_bench' });
    try {
      result.onlinePostgres = await online('pg', pg.url);
    } finally {
      await pg.stop();
    }
  } catch (error) {
    result.onlinePostgres = { skipped: String(error instanceof Error ? error.message : error) };
  }
}
console.log(JSON.stringify(result, null, 2));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/search.json', `${JSON.stringify(result, null, 2)}\n`);
