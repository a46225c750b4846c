// Search figures (printed as JSON and written to bench/results/search.json; never pass/fail):
// the CMS's search (cms/src/search: the same store and query code) over 10,000 generated
// documents on SQLite, and on PostgreSQL when one can be started (p50/p95), with the load average,
// each query's median and how many documents it matches, and for the slowest query where its time
// goes (ranking every match, the snippets of the hits shown, the rest of the CMS's search code).
// Run: node bench/search.mjs (DATABASES=sqlite to skip PostgreSQL).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
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
const { parseQuery } = load('../cms/src/search/text.js');
const { compile } = load('../cms/src/search/query.js');
const load1 = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

/**
 * How many documents of the open index a query matches, before the search's cap.
 * @param {any} knex @param {boolean} postgres @param {string} q
 */
async function matchCount(knex, postgres, q) {
  const match = compile(parseQuery(q));
  if (postgres) {
    const { rows } = await knex.raw(
      `SELECT count(*) AS n FROM search_open t WHERE t.tsv @@ (${match.sql})`,
      match.bindings,
    );
    return Number(rows[0].n);
  }
  const rows = await knex.raw('SELECT count(*) AS n FROM search_open WHERE search_open MATCH ?', [
    match.fts,
  ]);
  return Number(rows[0].n);
}

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
  const loadAtStart = load1();
  const times = [];
  /** @type {Map<string, number[]>} */
  const perQuery = new Map();
  /** What each query was searched as after a typo's correction (the same in every round). */
  /** @type {Map<string, string | null>} */
  const correctedAs = new Map();
  const search = (/** @type {string} */ q) =>
    runSearch(store, {
      q,
      subscriber: false,
      kind: undefined,
      audience: undefined,
      time: undefined,
      limit: 20,
    });
  for (let round = 0; round < 3; round += 1)
    for (const q of QUERIES) {
      const t = performance.now();
      const { corrected } = await search(q);
      const ms = performance.now() - t;
      times.push(ms);
      perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
      correctedAs.set(q, corrected ?? null);
    }
  const loadAtEnd = load1();
  const postgres = client === 'pg';
  const queries = [];
  for (const [q, ms] of perQuery) {
    // A query that matches nothing as typed is searched again as corrected (typo tolerance): its
    // matches are the corrected query's.
    const corrected = correctedAs.get(q) ?? null;
    queries.push({
      q,
      ...(corrected ? { corrected } : {}),
      medianMs: quantile(ms, 0.5),
      matches: await matchCount(knex, postgres, corrected ?? q),
    });
  }
  queries.sort((a, b) => b.medianMs - a.medianMs);
  // The slowest query again, with its parts timed beside it in each of five rounds (medians):
  // ranking every document it matches (the search keeps the best 2,000) and the snippets of the
  // 20 shown; the rest is the search's own code (a typo's corrections, scoring, facets).
  const slowest = queries[0];
  /** @type {Record<string, number> | null} */
  let parts = null;
  if (slowest) {
    const match = compile(parseQuery(slowest.corrected ?? slowest.q));
    const whole = [];
    const rank = [];
    const snippet = [];
    for (let round = 0; round < 5; round += 1) {
      let t = performance.now();
      await search(slowest.q);
      whole.push(performance.now() - t);
      t = performance.now();
      const rows = await store.matches('open', match, 2000);
      rank.push(performance.now() - t);
      t = performance.now();
      await store.snippets(
        'open',
        match,
        rows.slice(0, 20).map((/** @type {{ doc_key: string }} */ row) => row.doc_key),
      );
      snippet.push(performance.now() - t);
    }
    parts = {
      againMs: quantile(whole, 0.5),
      rankingMs: quantile(rank, 0.5),
      snippetsMs: quantile(snippet, 0.5),
    };
  }
  await knex.destroy();
  return {
    documents: N,
    indexAllMs: Math.round(indexMs),
    searches: times.length,
    searchP50Ms: quantile(times, 0.5),
    searchP95Ms: quantile(times, 0.95),
    load: { start: loadAtStart, end: loadAtEnd },
    queries,
    slowest: slowest && parts ? { ...slowest, ...parts } : null,
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
