'use strict';

const { AsyncLocalStorage } = require('node:async_hooks');

/**
 * Tests only (CMS_COUNT_DB_WRITES=true): each answer says how many INSERT, UPDATE and DELETE
 * statements its request ran (x-db-writes) and on which tables (x-db-write-tables), so a test can
 * prove that a write costs what it changes without timing anything; and likewise its SELECTs
 * (x-db-reads, x-db-read-tables: the first table each reads from), so a test can hold a route to
 * the reads it needs. Off, it adds nothing.
 */
const WRITE = /^\s*(insert|update|delete)\b/i;
const TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+[`"]?([\w.]+)/i;
const READ = /^\s*(?:with\b[\s\S]*?\)\s*)?select\b/i;
const READ_TABLE = /\bfrom\s+[`"]?([\w.]+)/i;

function registerWriteCounter(strapi) {
  if (process.env.CMS_COUNT_DB_WRITES !== 'true') return;
  const requests = new AsyncLocalStorage();
  strapi.db.connection.on('query', (query) => {
    const statements = requests.getStore();
    const sql = query.sql ?? '';
    if (!statements) return;
    if (WRITE.test(sql))
      statements.writes.push(`${sql.match(WRITE)[1].toLowerCase()} ${TABLE.exec(sql)?.[1] ?? '?'}`);
    else if (READ.test(sql)) statements.reads.push(READ_TABLE.exec(sql)?.[1] ?? '?');
  });
  // First of all the server's middlewares (Koa composes them when the first request comes), so
  // what the configured ones read (the write budget's token check) counts too.
  strapi.server.app.middleware.unshift(async (ctx, next) => {
    const statements = { writes: [], reads: [] };
    await requests.run(statements, next);
    ctx.set('x-db-writes', String(statements.writes.length));
    ctx.set('x-db-write-tables', statements.writes.join(', ').slice(0, 4000));
    ctx.set('x-db-reads', String(statements.reads.length));
    ctx.set('x-db-read-tables', statements.reads.join(', ').slice(0, 4000));
  });
}

module.exports = { registerWriteCounter };
