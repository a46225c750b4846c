'use strict';

const { AsyncLocalStorage } = require('node:async_hooks');

/**
 * Tests only (CMS_COUNT_DB_WRITES=true): each answer says how many INSERT, UPDATE and DELETE
 * statements its request ran (x-db-writes) and on which tables (x-db-write-tables), so a test can
 * prove that a write costs what it changes without timing anything. Off, it adds nothing.
 */
const WRITE = /^\s*(insert|update|delete)\b/i;
const TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+[`"]?([\w.]+)/i;

function registerWriteCounter(strapi) {
  if (process.env.CMS_COUNT_DB_WRITES !== 'true') return;
  const requests = new AsyncLocalStorage();
  strapi.db.connection.on('query', (query) => {
    const writes = requests.getStore();
    if (!writes || !WRITE.test(query.sql ?? '')) return;
    writes.push(`${query.sql.match(WRITE)[1].toLowerCase()} ${TABLE.exec(query.sql)?.[1] ?? '?'}`);
  });
  strapi.server.use(async (ctx, next) => {
    const writes = [];
    await requests.run(writes, next);
    ctx.set('x-db-writes', String(writes.length));
    ctx.set('x-db-write-tables', writes.join(', ').slice(0, 4000));
  });
}

module.exports = { registerWriteCounter };
