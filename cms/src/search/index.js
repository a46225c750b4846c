'use strict';

const { createHash } = require('node:crypto');
const {
  SOURCES,
  readDocument,
  publishedIds,
  describeType,
  programmesUnderKeyStages,
} = require('./sources');
const { createStore, snippetSegments, SCHEMA_VERSION } = require('./store');
const { compile } = require('./query');
const { SUBSCRIBER_TYPES } = require('../utils/roles');
const { parseQuery, words, corrections } = require('./text');
const { readOwnUnits, matchOwnUnits } = require('./own-units');

const PROGRAMME = 'api::programme.programme';
const LANDING_PAGE = 'api::landing-page.landing-page';

const WRITES = new Set(['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft']);
const MATCH_CAP = 2000;
// The types whose text the index holds: the searchable ones, and the subscriber-only ones whose
// titles a searchable document's paid text quotes (a unit's lessons, an activity's slideshow).
const INDEXED = new Set([...Object.keys(SOURCES), ...SUBSCRIBER_TYPES]);
const services = new WeakMap();

/**
 * The CMS's search: an index in its own database (./store.js) kept up to date by every write to a
 * searchable type (publish, unpublish, update, delete, through the Document Service, so the admin
 * panel and the seed alike), and the query behind GET /api/search.
 */
function searchService(strapi) {
  let service = services.get(strapi);
  if (service) return service;
  const store = createStore(strapi);
  let ready = false;

  async function reindex(uid, documentId) {
    if (SOURCES[uid]) {
      const doc = await readDocument(strapi, uid, documentId);
      if (doc) await store.put(doc);
      else await store.remove(`${uid}:${documentId}`);
    }
    // What sits under it shows its title in its place (programme › unit › lesson).
    for (const key of await store.dependents(documentId)) {
      if (key === `${uid}:${documentId}`) continue;
      const [depUid, depId] = splitKey(key);
      const dependent = await readDocument(strapi, depUid, depId);
      if (dependent) await store.put(dependent);
      else await store.remove(key);
    }
  }

  /** The index's shape: a change to the sources or the subscriber-only rule rebuilds it. */
  function fingerprint() {
    const shapes = Object.keys(SOURCES).map((uid) => [uid, describeType(strapi, uid)]);
    return createHash('sha256')
      .update(JSON.stringify([SCHEMA_VERSION, shapes]))
      .digest('hex');
  }

  /** The whole index again, in one transaction (one commit, not one per document). */
  async function rebuild() {
    await strapi.db.transaction(async () => {
      await store.clear();
      for (const uid of Object.keys(SOURCES))
        for (const documentId of await publishedIds(strapi, uid)) {
          const doc = await readDocument(strapi, uid, documentId);
          if (doc) await store.put(doc);
        }
    });
  }

  service = {
    store,
    /** Creates the tables and builds the index when it is new or its shape changed. */
    async start() {
      await store.ensureTables();
      const shape = fingerprint();
      if ((await store.readMeta('fingerprint')) !== shape) {
        await rebuild();
        await store.writeMeta('fingerprint', shape);
      }
      ready = true;
    },
    rebuild,
    reindex,
    /**
     * A secondary programme's page is under the key stage whose landing page links it
     * (./sources.js): a write to a landing page re-reads those programmes, and what sits in them.
     */
    async landingPageChanged() {
      for (const documentId of await programmesUnderKeyStages(strapi))
        await reindex(PROGRAMME, documentId);
    },
    get ready() {
      return ready;
    },
    /**
     * One search; `user`, the signed-in asker (or null), adds that teacher's own custom units.
     * @param {Omit<SearchParams, 'ownUnits'> & { user?: { id: number } | null }} params
     */
    search: ({ user, ...params }) =>
      runSearch(store, {
        ...params,
        ownUnits: user ? () => readOwnUnits(strapi, user) : undefined,
      }),
  };
  services.set(strapi, service);
  return service;
}

const splitKey = (key) => {
  const at = key.lastIndexOf(':');
  return [key.slice(0, at), key.slice(at + 1)];
};

/** Keeps the index up to date: a Document Service write to a searchable type re-reads it. */
function registerSearchIndex(strapi) {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    const landingPage = context.uid === LANDING_PAGE;
    if (!WRITES.has(context.action) || !(landingPage || INDEXED.has(context.uid))) return result;
    const service = searchService(strapi);
    if (!service.ready) return result; // the start builds it whole
    const documentId = context.params?.documentId ?? result?.documentId;
    try {
      if (landingPage) await service.landingPageChanged();
      else if (documentId) await service.reindex(context.uid, documentId);
    } catch (error) {
      strapi.log.error(`search index: ${context.uid} ${documentId}: ${error.message}`);
    }
    return result;
  });
}

/**
 * The typo vocabulary: words of the titles the asker may see (their index, of the kinds they may
 * find), cached for a few seconds.
 */
const vocabularies = new WeakMap();
async function vocabulary(store, subscriber, kinds) {
  const key = `${subscriber ? 'full' : 'open'}:${kinds ? [...kinds].sort().join('|') : '*'}`;
  const cached = vocabularies.get(store)?.[key];
  if (cached && cached.at > Date.now() - 10_000) return cached.words;
  const set = new Set();
  for (const { title, kind } of await store.titles(subscriber))
    if (!kinds || kinds.has(kind))
      for (const word of words(title)) if (word.length >= 3) set.add(word);
  const entry = vocabularies.get(store) ?? {};
  entry[key] = { at: Date.now(), words: set };
  vocabularies.set(store, entry);
  return set;
}

const normal = (text) => words(text).join(' ');

/**
 * @typedef {{ q: string, subscriber: boolean, kind?: string, audience?: string, time?: string,
 *   keyStage?: string, limit?: number | string, ownUnits?: () => Promise<any[]>,
 *   kinds?: Set<string> }} SearchParams
 */

/**
 * One search. `subscriber` chooses the index: the open one for visitors and trial users (it holds
 * no subscriber-only text, and no subscriber-only type), the full one for active subscribers.
 * `ownUnits`, given for a signed-in asker, reads that teacher's own custom units (./own-units.js):
 * those whose titles answer the search come first, as the asker's own. Filters: kind, audience
 * (slug), time (an activity's time), key stage; a custom unit has no time or key stage, so either
 * filter leaves it out. `kinds`, when given, are the only kinds the asker may find: nothing of
 * another kind is answered, counted or offered as a correction. Counts and facets are over every
 * match before filters, so the filter choices show what each would give.
 */
async function runSearch(
  store,
  /** @type {SearchParams} */ {
    q,
    subscriber,
    kind,
    audience,
    time,
    keyStage,
    limit = 20,
    ownUnits = undefined,
    kinds = undefined,
  },
) {
  const parsed = parseQuery(q);
  const tier = subscriber ? 'full' : 'open';
  const empty = {
    query: String(q ?? ''),
    total: 0,
    counts: {},
    facets: emptyFacets(),
    results: [],
  };
  if (parsed.terms.length === 0 && parsed.phrases.length === 0) return empty;
  const phrase = normal(q);
  let match = compile(parsed);
  const [units, firstRows] = await Promise.all([
    ownUnits ? ownUnits() : [],
    store.matches(tier, match, MATCH_CAP),
  ]);
  const readable = (found) => (kinds ? found.filter((row) => kinds.has(row.kind)) : found);
  const own = matchOwnUnits(units, parsed, (title) => titleBonus(title, phrase, parsed));
  let rows = readable(firstRows);
  let corrected = null;
  // A search that found the asker's own unit as typed found something: it is not read as a typo.
  if (rows.length === 0 && own.length === 0 && parsed.terms.length > 0) {
    const words = await vocabulary(store, subscriber, kinds);
    /** @type {Record<string, string[]>} */
    const alternatives = {};
    for (const term of parsed.terms) {
      const found = corrections(term, words);
      if (found.length > 0) alternatives[term] = found;
    }
    if (Object.keys(alternatives).length > 0) {
      match = compile(parsed, alternatives);
      rows = readable(await store.matches(tier, match, MATCH_CAP));
      corrected = parsed.terms.map((term) => alternatives[term]?.[0] ?? term).join(' ');
    }
  }
  if (rows.length === 0 && own.length === 0) return { ...empty, corrected };

  const scored = rows.map((row) => ({
    row,
    score: row.score + titleBonus(row.title, phrase, parsed),
  }));
  scored.sort((a, b) => b.score - a.score || a.row.title.localeCompare(b.row.title));
  const facets = emptyFacets();
  for (const hit of own) {
    count(facets.kind, hit.kind);
    if (hit.audience) count(facets.audience, hit.audience.slug);
  }
  for (const { row } of scored) {
    count(facets.kind, row.kind);
    if (row.audience) count(facets.audience, row.audience);
    if (row.activity_time) count(facets.time, row.activity_time);
    for (const stage of stagesOf(row)) count(facets.keyStage, stage);
  }
  const keptOwn = own.filter(
    (hit) =>
      (!kind || hit.kind === kind) &&
      (!audience || hit.audience?.slug === audience) &&
      !time &&
      !keyStage,
  );
  const kept = scored.filter(
    ({ row }) =>
      (!kind || row.kind === kind) &&
      (!audience || row.audience === audience) &&
      (!time || row.activity_time === time) &&
      (!keyStage || stagesOf(row).includes(keyStage)),
  );
  const size = Math.max(1, Math.min(50, Number(limit) || 20));
  const ownTop = keptOwn.slice(0, size);
  const top = kept.slice(0, size - ownTop.length);
  const keys = top.map(({ row }) => row.doc_key);
  const [snippets, metas] = await Promise.all([
    store.snippets(tier, match, keys),
    store.metaOf(keys),
  ]);
  return {
    query: String(q),
    corrected,
    total: keptOwn.length + kept.length,
    counts: facets.kind,
    facets,
    results: [
      ...ownTop,
      ...top.map(({ row }) => {
        const meta = metas.get(row.doc_key) ?? {};
        const [uid, documentId] = splitKey(row.doc_key);
        return {
          kind: row.kind,
          type: uid,
          documentId,
          title: row.title,
          audience: meta.audience,
          place: meta.place,
          href: meta.href,
          time: meta.time,
          keyStages: meta.keyStages ?? [],
          activityType: meta.activityType,
          snippet: snippetSegments(snippets.get(row.doc_key) ?? ''),
        };
      }),
    ],
  };
}

const emptyFacets = () => ({ kind: {}, audience: {}, time: {}, keyStage: {} });
const stagesOf = (row) => (row.key_stages ? String(row.key_stages).split(' ') : []);
const count = (table, value) => {
  table[value] = (table[value] ?? 0) + 1;
};

/** A person expects the entry named by what they typed first: whole title, its start, then its words. */
function titleBonus(title, phrase, parsed) {
  const name = normal(title);
  if (!phrase) return 0;
  if (name === phrase) return 100;
  if (name.startsWith(phrase)) return 40;
  const titleWords = name.split(' ');
  const all = parsed.terms.every((term) => titleWords.some((word) => word.startsWith(term)));
  return all && parsed.terms.length > 0 ? 15 : 0;
}

module.exports = { searchService, registerSearchIndex, runSearch };
