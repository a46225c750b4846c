'use strict';

/**
 * The search index in the CMS's own database, for SQLite (FTS5, porter stemming) and PostgreSQL
 * (tsvector with the english configuration), behind one interface.
 *
 * Tables:
 * - search_docs: one row per published searchable document: what a hit shows (kind, title,
 *   audience, place, link, activity time and type) and `paid_only` (a subscriber-only type);
 * - search_open: the text everyone may find a document by (never a subscriber-only field);
 * - search_full: the same plus the paid text, read only for active subscribers.
 * Titles and bodies are separate columns, so a title's words weigh more than the body's.
 */

// Raised when what a row holds changes (its columns, or how an address is made), so that an index
// built before is built again at the next start.
const SCHEMA_VERSION = '3';
const TABLES = { open: 'search_open', full: 'search_full' };
// Snippet marks: control characters no content holds, split into segments before answering.
const MARK_START = '\u0002';
const MARK_END = '\u0003';

function createStore(strapi) {
  const knex = strapi.db.connection;
  const client = strapi.db.dialect.client;
  const postgres = client === 'postgres';

  // A write to the index made while a Document Service write runs joins its transaction: with
  // SQLite's one connection anything else would wait for it for ever, and a rolled back write
  // leaves the index as it was.
  const current = async () =>
    strapi.db.inTransaction() ? (await strapi.db.transaction()).get() : knex;
  async function write(work) {
    if (strapi.db.inTransaction()) return work(await current());
    return knex.transaction(work);
  }

  async function ensureTables() {
    const hasDocs = await knex.schema.hasTable('search_docs');
    if (!hasDocs) {
      await knex.schema.createTable('search_docs', (table) => {
        table.string('doc_key', 255).primary();
        table.string('uid', 255).notNullable();
        table.string('document_id', 255).notNullable();
        table.string('kind', 64).notNullable();
        table.text('title').notNullable();
        table.boolean('paid_only').notNullable().defaultTo(false);
        table.string('audience', 64);
        table.text('meta').notNullable();
        table.string('activity_time', 64);
        table.string('key_stages', 64);
        table.text('refs').notNullable().defaultTo('');
      });
    } else if (!(await knex.schema.hasColumn('search_docs', 'key_stages'))) {
      // Indexes made before key stages: the new column, filled by the rebuild its new shape asks for.
      await knex.schema.alterTable('search_docs', (table) => table.string('key_stages', 64));
    }
    if (!(await knex.schema.hasTable('search_meta'))) {
      await knex.schema.createTable('search_meta', (table) => {
        table.string('name', 64).primary();
        table.text('value');
      });
    }
    for (const table of Object.values(TABLES)) {
      if (postgres) {
        await knex.raw(
          `CREATE TABLE IF NOT EXISTS ${table} (doc_key varchar(255) PRIMARY KEY, title text, body text, tsv tsvector)`,
        );
        await knex.raw(`CREATE INDEX IF NOT EXISTS ${table}_tsv ON ${table} USING GIN (tsv)`);
      } else {
        await knex.raw(
          `CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING fts5(doc_key UNINDEXED, title, body, tokenize = 'porter unicode61 remove_diacritics 2')`,
        );
      }
    }
  }

  async function readMeta(name) {
    const row = await knex('search_meta').where({ name }).first();
    return row?.value ?? null;
  }

  async function writeMeta(name, value) {
    await knex('search_meta').where({ name }).delete();
    await knex('search_meta').insert({ name, value });
  }

  async function insertText(trx, table, key, { title, body }) {
    if (postgres) {
      await trx.raw(
        `INSERT INTO ${table} (doc_key, title, body, tsv) VALUES (?, ?, ?,
          setweight(to_tsvector('english', ?), 'A') || setweight(to_tsvector('english', ?), 'D'))`,
        [key, title, body, title, body],
      );
    } else {
      await trx.raw(`INSERT INTO ${table} (doc_key, title, body) VALUES (?, ?, ?)`, [
        key,
        title,
        body,
      ]);
    }
  }

  async function removeIn(trx, keys) {
    if (keys.length === 0) return;
    for (const table of Object.values(TABLES)) await trx(table).whereIn('doc_key', keys).delete();
    await trx('search_docs').whereIn('doc_key', keys).delete();
  }

  /** Replaces a document's rows (doc: sources.readDocument's answer). */
  async function put(doc) {
    await write(async (trx) => {
      await removeIn(trx, [doc.key]);
      await trx('search_docs').insert({
        doc_key: doc.key,
        uid: doc.uid,
        document_id: doc.documentId,
        kind: doc.kind,
        title: doc.title,
        paid_only: doc.paidOnly,
        audience: doc.audience?.slug ?? null,
        activity_time: doc.time,
        key_stages: doc.keyStages.join(' '),
        meta: JSON.stringify({
          audience: doc.audience,
          place: doc.place,
          href: doc.href,
          time: doc.time,
          keyStages: doc.keyStages,
          activityType: doc.activityType,
        }),
        refs: doc.refs.join(' '),
      });
      if (doc.open) await insertText(trx, TABLES.open, doc.key, doc.open);
      await insertText(trx, TABLES.full, doc.key, doc.full);
    });
  }

  async function remove(key) {
    await write((trx) => removeIn(trx, [key]));
  }

  async function clear() {
    await write(async (trx) => {
      for (const table of Object.values(TABLES)) await trx(table).delete();
      await trx('search_docs').delete();
    });
  }

  /** Keys of the documents whose place names `documentId` (a programme's units, a unit's lessons). */
  async function dependents(documentId) {
    const rows = await (
      await current()
    )('search_docs')
      .where('refs', 'like', `%${documentId.replace(/[%_]/g, '')}%`)
      .select('doc_key');
    return rows.map((row) => row.doc_key);
  }

  async function count() {
    const row = await knex('search_docs').count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /** Titles the asking user may see (the typo vocabulary): subscriber-only types only for subscribers. */
  /** Every title in the open or full index, with its kind. */
  async function titles(subscriber) {
    const query = knex('search_docs').select('title', 'kind');
    if (!subscriber) query.where({ paid_only: false });
    return /** @type {{ title: string, kind: string }[]} */ (await query);
  }

  /**
   * Every match of `match` (a compiled query: ./query.js) in the open or full table, best first
   * by the database's own ranking (titles weighted 10 to 1 over bodies), at most `cap`.
   */
  async function matches(tier, match, cap) {
    const table = TABLES[tier];
    if (postgres) {
      const { rows } = await knex.raw(
        `SELECT d.doc_key, d.kind, d.title, d.audience, d.activity_time, d.key_stages,
                ts_rank('{0.1, 0.1, 0.1, 1.0}', t.tsv, q.query) * 10 AS score
           FROM ${table} t JOIN search_docs d ON d.doc_key = t.doc_key, (SELECT ${match.sql} AS query) q
          WHERE t.tsv @@ q.query
          ORDER BY score DESC LIMIT ?`,
        [...match.bindings, cap],
      );
      return rows.map((row) => ({ ...row, score: Number(row.score) }));
    }
    const rows = await knex.raw(
      `SELECT d.doc_key, d.kind, d.title, d.audience, d.activity_time, d.key_stages,
              -bm25(${table}, 0, 10.0, 1.0) AS score
         FROM ${table} t JOIN search_docs d ON d.doc_key = t.doc_key
        WHERE ${table} MATCH ?
        ORDER BY score DESC LIMIT ?`,
      [match.fts, cap],
    );
    return rows;
  }

  /** What the given documents' hits show (place, address, audience...), by key. */
  async function metaOf(keys) {
    if (keys.length === 0) return new Map();
    const rows = await knex('search_docs').whereIn('doc_key', keys).select('doc_key', 'meta');
    return new Map(rows.map((row) => [row.doc_key, JSON.parse(row.meta)]));
  }

  /** A few words of body text around the matched terms, for the given documents. */
  async function snippets(tier, match, keys) {
    if (keys.length === 0) return new Map();
    const table = TABLES[tier];
    const marks = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=18, MinWords=6, MaxFragments=1`;
    const placeholders = keys.map(() => '?').join(', ');
    const rows = postgres
      ? (
          await knex.raw(
            `SELECT t.doc_key, ts_headline('english', coalesce(t.body, ''), q.query, ?) AS snippet
               FROM ${table} t, (SELECT ${match.sql} AS query) q
              WHERE t.doc_key IN (${placeholders})`,
            [marks, ...match.bindings, ...keys],
          )
        ).rows
      : await knex.raw(
          `SELECT doc_key, snippet(${table}, 2, ?, ?, '…', 16) AS snippet
             FROM ${table} WHERE ${table} MATCH ? AND doc_key IN (${placeholders})`,
          [MARK_START, MARK_END, match.fts, ...keys],
        );
    return new Map(rows.map((row) => [row.doc_key, row.snippet ?? '']));
  }

  return {
    postgres,
    ensureTables,
    readMeta,
    writeMeta,
    put,
    remove,
    clear,
    dependents,
    count,
    titles,
    matches,
    metaOf,
    snippets,
  };
}

/** A snippet with marks as segments: [{ text, match }], so no HTML crosses the wire. */
function snippetSegments(snippet) {
  const segments = [];
  const pattern = new RegExp(`${MARK_START}([^${MARK_END}]*)${MARK_END}`, 'g');
  let last = 0;
  for (const found of snippet.matchAll(pattern)) {
    if (found.index > last) segments.push({ text: snippet.slice(last, found.index), match: false });
    segments.push({ text: found[1], match: true });
    last = found.index + found[0].length;
  }
  if (last < snippet.length) segments.push({ text: snippet.slice(last), match: false });
  return segments.filter((segment) => segment.text.trim() !== '' || segment.text === ' ');
}

module.exports = { createStore, snippetSegments, SCHEMA_VERSION };
