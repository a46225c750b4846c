// Search figures (printed as JSON and written to bench/results/search.json; never pass/fail):
// - offline: the device's index (MiniSearch, src/shared/search/device-search.ts's settings) over
//   10,000 generated items: build time, serialized size, and keystroke-to-results time for a
//   typed word, prefix by prefix (p50/p95), and the build time of one downloaded lesson's items;
// - online: the CMS's search (cms/src/search: the same store and query code) over 10,000
//   generated documents on SQLite, and on PostgreSQL when one can be started (p50/p95).
// Run: node bench/search.mjs (DATABASES=sqlite to skip PostgreSQL).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import MiniSearch from 'minisearch';
import { scratchDir } from '../scripts/scratch.mjs';

const require = createRequire(new URL('../cms/package.json', import.meta.url));
// The CMS's own modules (CommonJS, checked with the CMS's settings) and its knex, loaded untyped.
/** @param {string} name @returns {any} */
const load = (name) => require(name);
const knexFactory = load('knex');
const { createStore } = load('../cms/src/search/store.js');
const { runSearch } = load('../cms/src/search/index.js');

const N = 10_000;
const WORDS = (
  'samba rhythm pulse drum voice listening composing orchestra lullaby march echo clapping body ' +
  'percussion graphic score conductor carnival groove caixa surdo agogo melody harmony tempo ' +
  'dynamics texture timbre singing song chant round canon ostinato beat metre notation improvise ' +
  'perform rehearse audience stage violin cello flute trumpet timpani strings brass woodwind'
).split(' ');
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
// A catalogue's words are Zipf-like: a few common, most rare. 4,000 made-up words below the
// music words, drawn with a strong skew towards the first.
const VOCABULARY = [
  ...WORDS,
  ...Array.from(
    { length: 4000 },
    (_, i) => `${'bcdfghklmnprstvz'[i % 16]}${'aeiou'[i % 5]}${(i * 7919).toString(36)}`,
  ),
];
const pick = () => VOCABULARY[Math.floor(random() ** 2.5 * VOCABULARY.length)];
/** @param {number} n */
const phrase = (n) => Array.from({ length: n }, pick).join(' ');
const KINDS = ['programme', 'unit', 'lesson', 'activity', 'activity section', 'recording'];
const docs = Array.from({ length: N }, (_, i) => ({
  id: String(i),
  documentId: `doc${i}`,
  kind: KINDS[i % KINDS.length],
  title: `${phrase(3)} ${i}`,
  body: phrase(60),
  href: `/x/${i}`,
  place: [],
  time: null,
}));
/** @param {number[]} values @param {number} q */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2),
  );
};
const QUERIES = [
  'samba',
  'rhythm pulse',
  'orchestr',
  'smaba',
  'conductor',
  '"body percussion"',
  'drumming',
  'melody harmony',
  'caixa',
  'lullabies',
];

function offline() {
  /** @type {import('minisearch').Options<any>} */
  const options = {
    fields: ['title', 'body'],
    storeFields: ['documentId', 'kind', 'title', 'href', 'place', 'time', 'body'],
    searchOptions: {
      boost: { title: 3 },
      prefix: true,
      fuzzy: (/** @type {string} */ term) => (term.length < 4 ? 0 : term.length < 5 ? 1 : 2),
      combineWith: 'AND',
    },
  };
  let began = performance.now();
  const index = new MiniSearch(options);
  index.addAll(docs);
  const buildMs = performance.now() - began;
  const serialized = JSON.stringify(index);
  // One downloaded lesson: about 12 items (the lesson, its activities, their text).
  began = performance.now();
  const lesson = new MiniSearch(options);
  lesson.addAll(docs.slice(0, 12));
  const lessonMs = performance.now() - began;
  const times = [];
  for (const query of QUERIES)
    // The combobox asks from the second letter on.
    for (let end = 2; end <= query.length; end += 1) {
      const typed = query.slice(0, end).replace(/"/g, ' ').trim();
      if (!typed) continue;
      const t = performance.now();
      index.search(typed).slice(0, 50);
      times.push(performance.now() - t);
    }
  return {
    items: N,
    buildMs: Number(buildMs.toFixed(1)),
    indexBytes: serialized.length,
    lessonBuildMs: Number(lessonMs.toFixed(2)),
    keystrokes: times.length,
    searchP50Ms: quantile(times, 0.5),
    searchP95Ms: quantile(times, 0.95),
  };
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
const result = { offline: offline() };
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
