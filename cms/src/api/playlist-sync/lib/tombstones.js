'use strict';

const TOMBSTONE = 'api::playlist-sync.playlist-tombstone';

/**
 * How long a delete is remembered. A device whose cursor is older than this cannot be told of
 * every delete since, so it is answered with the whole library instead (playlist-changes.js).
 */
const TOMBSTONE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The app's client id of a playlist (src/lib/sync/playlist-mapping.ts, clientIdOf). */
const clientIdOfRow = (row) => row.client_id ?? `cms-${row.documentId}`;

/**
 * Remembers deleted playlists for their owners' other devices, and forgets that owner's
 * tombstones older than the retention (per owner, so the index on (owner_id, deleted_at) serves it).
 * @param {{ documentId: string, client_id: string | null, owner?: { id: number } | null }[]} rows
 */
async function recordTombstones(strapi, rows) {
  const now = Date.now();
  const owners = new Set();
  for (const row of rows) {
    if (!row.owner?.id) continue;
    owners.add(row.owner.id);
    await strapi.db.query(TOMBSTONE).create({
      data: { client_id: clientIdOfRow(row), playlist_document_id: row.documentId, owner_id: row.owner.id, deleted_at: now },
    });
  }
  for (const owner of owners) {
    await strapi.db.query(TOMBSTONE).deleteMany({ where: { owner_id: owner, deleted_at: { $lt: now - TOMBSTONE_RETENTION_MS } } });
  }
}

/** The owner's deletes stamped at or after `since` (ms), oldest first. */
async function tombstonesSince(strapi, ownerId, since) {
  const rows = await strapi.db.query(TOMBSTONE).findMany({
    where: { owner_id: ownerId, deleted_at: { $gte: since } },
    select: ['id', 'client_id', 'deleted_at'],
    orderBy: { deleted_at: 'asc' },
  });
  return rows.map((row) => ({ id: Number(row.id), clientId: row.client_id, deletedAt: Number(row.deleted_at) }));
}

module.exports = { TOMBSTONE, TOMBSTONE_RETENTION_MS, clientIdOfRow, recordTombstones, tombstonesSince };
