'use strict';

/**
 * The operation ids the sync route has applied to each playlist: what makes a replayed request a
 * no-op. One row per id, keyed by the playlist's owner and the app's client id (so a deleted
 * playlist's ids stay with its tombstone: tombstones.js), instead of a list on the playlist's row
 * that every write would read and rewrite whole: a request looks up only its own ids and inserts
 * only the new ones, so its cost does not grow with the playlist's history.
 */
const APPLIED_OP = 'api::playlist-sync.playlist-applied-op';
/** How many ids each playlist keeps: replays come from outboxes, never older than this. */
const MAX_APPLIED_OPS = 2000;
/** Rows per INSERT, well under SQLite's 32,766 bound variables (3 a row). */
const INSERT_BATCH = 500;

const table = (strapi, trx) =>
  strapi.db.getConnection(strapi.db.metadata.get(APPLIED_OP).tableName).transacting(trx);

/**
 * Which of `opIds` were applied to the playlist already.
 * @param {{ ownerId: number, clientId: string }} playlist @param {string[]} opIds
 * @returns {Promise<Set<string>>}
 */
async function appliedAmong(strapi, trx, playlist, opIds) {
  const { ownerId, clientId } = playlist;
  if (opIds.length === 0) return new Set();
  const rows = await table(strapi, trx)
    .where({ owner_id: ownerId, client_id: clientId })
    .whereIn('op_id', opIds)
    .select('op_id');
  return new Set(rows.map((row) => row.op_id));
}

/**
 * Remembers newly applied ids, and forgets the playlist's oldest beyond MAX_APPLIED_OPS (one
 * DELETE that usually finds nothing).
 * @param {{ ownerId: number, clientId: string }} playlist @param {string[]} opIds
 */
async function rememberApplied(strapi, trx, playlist, opIds) {
  const { ownerId, clientId } = playlist;
  if (opIds.length === 0) return;
  const rows = opIds.map((opId) => ({ owner_id: ownerId, client_id: clientId, op_id: opId }));
  for (let at = 0; at < rows.length; at += INSERT_BATCH)
    await table(strapi, trx).insert(rows.slice(at, at + INSERT_BATCH));
  const newestKept = table(strapi, trx)
    .where({ owner_id: ownerId, client_id: clientId })
    .orderBy('id', 'desc')
    .offset(MAX_APPLIED_OPS - 1)
    .limit(1)
    .select('id');
  await table(strapi, trx)
    .where({ owner_id: ownerId, client_id: clientId })
    .where('id', '<', newestKept)
    .delete();
}

/**
 * Forgets the ids of playlists whose tombstones expired (tombstones.js): a deleted playlist's ids
 * are kept as long as its tombstone, so a replay of one is answered as applied to a deleted
 * playlist instead of making it again.
 * @param {number} ownerId @param {string[]} clientIds
 */
async function forgetAppliedOf(strapi, ownerId, clientIds) {
  if (clientIds.length === 0) return;
  await strapi.db
    .query(APPLIED_OP)
    .deleteMany({ where: { owner_id: ownerId, client_id: { $in: clientIds } } });
}

module.exports = { APPLIED_OP, MAX_APPLIED_OPS, appliedAmong, rememberApplied, forgetAppliedOf };
