'use strict';

const { PLAYLIST, POPULATE, storedToState, stateToData, withExistingTargets } = require('../lib/playlist-state');
const { mergeOperations } = require('../lib/merge-operations');

const MAX_ATTEMPTS = 5;

/** Another request for the same playlist committed first; the whole apply runs again on its result. */
class ConcurrentSync extends Error {}

// Any number for the advisory locks of this route, apart from other users of advisory locks.
const LOCK_NAMESPACE = 18;

/**
 * Makes a second request for the same client id (a second device reconnecting, a duplicated
 * delivery, a second CMS instance) wait until this transaction ends, and then read what it wrote.
 * PostgreSQL: a transaction-scoped advisory lock on the client id, which also covers a playlist
 * that does not exist yet (Strapi keeps client_id unique by checking before it writes, not with a
 * database index, so two concurrent creates would both be stored). SQLite runs one transaction at
 * a time on its single connection, which serializes them already. Other databases: the row lock.
 */
async function lockClientId(strapi, trx, clientId) {
  const { client } = strapi.db.dialect;
  if (client === 'sqlite') return;
  if (client === 'postgres') {
    await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [LOCK_NAMESPACE, clientId]);
    return;
  }
  const { tableName } = strapi.db.metadata.get(PLAYLIST);
  await strapi.db.getConnection(tableName).transacting(trx).where({ client_id: clientId }).forUpdate().select('id');
}

/** The app's name for a playlist made without a client id (the seed, the spec's CreatePlaylist). */
const CMS_PREFIX = 'cms-';

/**
 * The playlist a request's client id names: its own client id, or for a playlist made elsewhere
 * without one, `cms-{documentId}` (src/lib/sync/playlist-mapping.ts, clientIdOf), which the first
 * write then stores as its client id.
 */
function byClientId(clientId) {
  if (!clientId.startsWith(CMS_PREFIX)) return { client_id: clientId };
  return { $or: [{ client_id: clientId }, { documentId: clientId.slice(CMS_PREFIX.length), client_id: { $null: true } }] };
}

function storedSyncState(stored) {
  if (!stored) return { state: null, version: 0, appliedOps: [], fieldLog: {}, conflicts: [] };
  return {
    state: storedToState(stored),
    version: stored.version ?? 0,
    appliedOps: Array.isArray(stored.applied_ops) ? stored.applied_ops : [],
    fieldLog: stored.field_log && typeof stored.field_log === 'object' ? stored.field_log : {},
    conflicts: Array.isArray(stored.conflicts) ? stored.conflicts : [],
  };
}

/**
 * Writes the sync fields only if the version is still the one this request read: a guard on
 * top of the row lock, so an apply that raced another one is retried instead of overwriting it.
 */
async function claimVersion(strapi, stored, data) {
  const version = stored.version === null || stored.version === undefined ? { $null: true } : stored.version;
  const { count } = await strapi.db.query(PLAYLIST).updateMany({ where: { id: stored.id, version }, data });
  if (count !== 1) throw new ConcurrentSync('the playlist changed while this request applied its operations');
}

async function applyOnce(strapi, { trx }, { clientId, device, baseVersion, operations }) {
  const { applyOperation } = await import('../../../utils/playlist-ops.mjs');
  await lockClientId(strapi, trx, clientId);
  // Through the Document Service, so the ownership middleware scopes the read to the signed-in
  // teacher: someone else's playlist with this client id looks exactly like a missing one.
  const stored = await strapi.documents(PLAYLIST).findFirst({ filters: byClientId(clientId), populate: POPULATE });
  const start = storedSyncState(stored);
  const known = new Set(start.appliedOps);
  const pending = operations.filter((op) => !known.has(op.id));
  if (!stored && !pending.some((op) => op.type === 'create' || op.type === 'replaceState')) {
    // Edit after delete: the device keeps its copy and makes it again.
    return { status: 'deleted', clientId, applied: [], dropped: pending.map((op) => op.id) };
  }

  const merged = mergeOperations(start, { device, baseVersion, operations }, applyOperation);
  const answer = (documentId, state, version, conflicts) => ({
    status: 'applied', clientId, documentId, version, applied: merged.applied, dropped: merged.dropped, state, conflicts,
  });
  const syncFields = { version: merged.version, applied_ops: merged.appliedOps, field_log: merged.fieldLog, conflicts: merged.conflicts };

  if (merged.recorded.length === 0) return answer(stored.documentId, start.state, start.version, start.conflicts);
  if (!merged.state) {
    if (stored) {
      await claimVersion(strapi, stored, { version: merged.version });
      await strapi.documents(PLAYLIST).delete({ documentId: stored.documentId });
    }
    return { status: 'deleted', clientId, applied: merged.applied, dropped: merged.dropped };
  }

  const state = merged.changed ? await withExistingTargets(strapi, merged.state) : merged.state;
  if (stored) {
    await claimVersion(strapi, stored, stored.client_id ? syncFields : { ...syncFields, client_id: clientId });
    if (merged.changed) {
      // version again, so the versions middleware leaves it as it is.
      await strapi.documents(PLAYLIST).update({ documentId: stored.documentId, data: { ...stateToData(state), version: merged.version } });
    }
    return answer(stored.documentId, state, merged.version, merged.conflicts);
  }
  const created = await strapi.documents(PLAYLIST).create({ data: { ...stateToData(state), client_id: clientId, ...syncFields } });
  // The ownership middleware answers a create whose client id exists with that playlist: one
  // another request made after this one looked. Start again from it.
  if (created.version !== merged.version || JSON.stringify(created.applied_ops) !== JSON.stringify(merged.appliedOps)) {
    throw new ConcurrentSync('the playlist was made by another request meanwhile');
  }
  return answer(created.documentId, state, merged.version, merged.conflicts);
}

module.exports = ({ strapi }) => ({
  /**
   * One device's pending operations for one playlist, applied in one transaction to the signed-in
   * teacher's playlist (docs/sync-protocol.md has the merge rules).
   */
  async sync(request) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await strapi.db.transaction((transaction) => applyOnce(strapi, transaction, request));
      } catch (error) {
        if (!(error instanceof ConcurrentSync) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  },
});
