'use strict';

const { forgetAppliedOf } = require('./applied-ops');

const TOMBSTONE = 'api::playlist-sync.playlist-tombstone';
const PLAYLIST = 'api::playlist.playlist';

/**
 * How long a delete is remembered. A device whose cursor is older than this cannot be told of
 * every delete since, so it is answered with the whole library instead (playlist-changes.js).
 * The deleted playlist's applied operation ids are kept as long (applied-ops.js), so a replay of
 * one is answered as applied to a deleted playlist, never a re-creation.
 */
const TOMBSTONE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The app's client id of a playlist (src/lib/sync/playlist-mapping.ts, clientIdOf). */
const clientIdOfRow = (row) => row.client_id ?? `cms-${row.documentId}`;

/**
 * The applied operation ids of expired tombstones' playlists go with them, unless the playlist
 * was made again or deleted again since (a newer tombstone keeps them).
 */
async function forgetExpired(strapi, ownerId, cutoff) {
  const expired = await strapi.db
    .query(TOMBSTONE)
    .findMany({ where: { owner_id: ownerId, deleted_at: { $lt: cutoff } }, select: ['client_id'] });
  if (expired.length === 0) return;
  const clientIds = [...new Set(expired.map((row) => row.client_id))];
  const newer = await strapi.db.query(TOMBSTONE).findMany({
    where: { owner_id: ownerId, client_id: { $in: clientIds }, deleted_at: { $gte: cutoff } },
    select: ['client_id'],
  });
  const bare = clientIds.filter((id) => id.startsWith('cms-')).map((id) => id.slice(4));
  const live = await strapi.db.query(PLAYLIST).findMany({
    where: {
      owner: { id: ownerId },
      $or: [
        { client_id: { $in: clientIds } },
        ...(bare.length > 0 ? [{ documentId: { $in: bare } }] : []),
      ],
    },
    select: ['documentId', 'client_id'],
  });
  const kept = new Set([
    ...newer.map((row) => row.client_id),
    ...live.flatMap((row) => [clientIdOfRow(row), `cms-${row.documentId}`]),
  ]);
  await forgetAppliedOf(
    strapi,
    ownerId,
    clientIds.filter((id) => !kept.has(id)),
  );
  await strapi.db
    .query(TOMBSTONE)
    .deleteMany({ where: { owner_id: ownerId, deleted_at: { $lt: cutoff } } });
}

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
      data: {
        client_id: clientIdOfRow(row),
        playlist_document_id: row.documentId,
        owner_id: row.owner.id,
        deleted_at: now,
      },
    });
  }
  for (const owner of owners) await forgetExpired(strapi, owner, now - TOMBSTONE_RETENTION_MS);
}

/**
 * Names the device whose sync deleted the playlist (the delete's tombstone is written by the
 * playlist's lifecycles, which know no device): if an operation that device had not seen brings
 * the playlist back, that device is told on its next pull.
 */
async function markDeletedBy(strapi, { ownerId, documentId, device }) {
  await strapi.db.query(TOMBSTONE).updateMany({
    where: { owner_id: ownerId, playlist_document_id: documentId },
    data: { device },
  });
}

/** The owner's latest delete of this client id, or null. */
async function latestTombstone(strapi, ownerId, clientId) {
  return strapi.db.query(TOMBSTONE).findOne({
    where: { owner_id: ownerId, client_id: clientId },
    select: ['id', 'device', 'deleted_at'],
    orderBy: [{ deleted_at: 'desc' }, { id: 'desc' }],
  });
}

/** The owner's deletes stamped at or after `since` (ms), oldest first. */
async function tombstonesSince(strapi, ownerId, since) {
  const rows = await strapi.db.query(TOMBSTONE).findMany({
    where: { owner_id: ownerId, deleted_at: { $gte: since } },
    select: ['id', 'client_id', 'deleted_at'],
    orderBy: { deleted_at: 'asc' },
  });
  return rows.map((row) => ({
    id: Number(row.id),
    clientId: row.client_id,
    deletedAt: Number(row.deleted_at),
  }));
}

module.exports = {
  TOMBSTONE,
  TOMBSTONE_RETENTION_MS,
  clientIdOfRow,
  recordTombstones,
  markDeletedBy,
  latestTombstone,
  tombstonesSince,
};
