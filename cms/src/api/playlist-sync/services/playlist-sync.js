'use strict';

const { PLAYLIST, POPULATE, storedToState, stateToData, withExistingTargets } = require('../lib/playlist-state');
const { mergeOperations } = require('../lib/merge-operations');

const MAX_ATTEMPTS = 5;

/** Another request for the same playlist committed first; the whole apply runs again on its result. */
class ConcurrentSync extends Error {}

// Two devices creating one playlist at once on PostgreSQL: the second insert waits for the
// first and then breaks client_id's unique index.
const isUniqueViolation = (error) => error?.code === '23505' || /unique constraint|duplicate key/i.test(String(error?.message));

/**
 * On PostgreSQL, lock the playlist's row for this transaction, so a second request for it (a
 * second device reconnecting, a second CMS instance) waits and then reads what the first wrote.
 * SQLite runs one transaction at a time on its single connection, which serializes them already.
 */
async function lockPlaylistRow(strapi, trx, clientId) {
  if (strapi.db.dialect.client === 'sqlite') return;
  const { tableName } = strapi.db.metadata.get(PLAYLIST);
  await strapi.db.getConnection(tableName).transacting(trx).where({ client_id: clientId }).forUpdate().select('id');
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
  await lockPlaylistRow(strapi, trx, clientId);
  // Through the Document Service, so the ownership middleware scopes the read to the signed-in
  // teacher: someone else's playlist with this client id looks exactly like a missing one.
  const stored = await strapi.documents(PLAYLIST).findFirst({ filters: { client_id: clientId }, populate: POPULATE });
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
    await claimVersion(strapi, stored, syncFields);
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
   * teacher's playlist (see the README's sync section for the merge rules).
   */
  async sync(request) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await strapi.db.transaction((transaction) => applyOnce(strapi, transaction, request));
      } catch (error) {
        const race = error instanceof ConcurrentSync || isUniqueViolation(error);
        if (!race || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  },
});
