'use strict';

const { randomUUID } = require('node:crypto');
const { errors } = require('@strapi/utils');
const {
  PLAYLIST,
  storedToState,
  stateToData,
  withExistingReferences,
} = require('../lib/playlist-state');
const { readPlaylistRows, writeItemRows } = require('../lib/playlist-rows');
const { appliedAmong, rememberApplied } = require('../lib/applied-ops');
const { latestTombstone, markDeletedBy } = require('../lib/tombstones');
const { checkPlaylistState } = require('../../../bootstrap/playlist-limits');
const { oneAtATime } = require('../lib/one-at-a-time');

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
  await strapi.db
    .getConnection(tableName)
    .transacting(trx)
    .where({ client_id: clientId })
    .forUpdate()
    .select('id');
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
  return {
    $or: [
      { client_id: clientId },
      { documentId: clientId.slice(CMS_PREFIX.length), client_id: { $null: true } },
    ],
  };
}

/** Marks a create's field log, to tell the playlist this request made from one the ownership middleware answered with. */
const MADE_BY = 'madeByRequest';

/** @param {string[]} appliedOps the request's operation ids that were applied before */
function storedSyncState(stored, appliedOps) {
  if (!stored) return { state: null, version: 0, appliedOps, fieldLog: {}, conflicts: [] };
  const { row } = stored;
  const fieldLog = row.field_log && typeof row.field_log === 'object' ? { ...row.field_log } : {};
  delete fieldLog[MADE_BY];
  return {
    state: storedToState(stored),
    version: row.version ?? 0,
    appliedOps,
    fieldLog,
    conflicts: Array.isArray(row.conflicts) ? row.conflicts : [],
  };
}

/**
 * Writes the sync fields only if the version is still the one this request read: a guard on
 * top of the row lock, so an apply that raced another one is retried instead of overwriting it.
 */
async function claimVersion(strapi, row, data) {
  const version = row.version === null || row.version === undefined ? { $null: true } : row.version;
  const { count } = await strapi.db
    .query(PLAYLIST)
    .updateMany({ where: { id: row.id, version }, data });
  if (count !== 1)
    throw new ConcurrentSync('the playlist changed while this request applied its operations');
}

const sameItems = (a, b) =>
  a.length === b.length &&
  a.every((item, index) => {
    const other = b[index];
    return (
      item.key === other.key &&
      item.kind === other.kind &&
      item.itemId === other.itemId &&
      item.title === other.title &&
      item.contextPath === other.contextPath
    );
  });

/**
 * The merged state over the stored playlist, as a diff: its own row (one UPDATE for the version,
 * title and logs; an audience change through the Document Service, which links it as it links
 * any), and only the item rows that changed (playlist-rows.js). The title and items are checked
 * against the limits the Document Service middleware keeps for every other write
 * (bootstrap/playlist-limits.js).
 */
async function writeMerged(strapi, trx, stored, state, start, merged, extraFields) {
  const { row } = stored;
  const fields = {
    version: merged.version,
    field_log: merged.fieldLog,
    conflicts: merged.conflicts,
    ...extraFields,
  };
  if (!merged.changed) return claimVersion(strapi, row, fields);
  const itemsChanged = !sameItems(start.state.items, state.items);
  const renamed = state.title !== start.state.title;
  if (renamed || itemsChanged) checkPlaylistState(stateToData(state));
  await claimVersion(strapi, row, {
    ...fields,
    ...(renamed ? { title: state.title } : {}),
    updatedAt: new Date(),
  });
  if (state.audienceId !== start.state.audienceId) {
    // version again, so the versions middleware leaves it as it is.
    await strapi.documents(PLAYLIST).update({
      documentId: row.documentId,
      data: { audience: state.audienceId, version: merged.version },
    });
  }
  // Rows of items whose activity page or file is gone are not in the state: this write removes them.
  if (itemsChanged || stored.items.length !== start.state.items.length)
    await writeItemRows(strapi, trx, row, stored.items, state.items);
}

async function applyOnce(strapi, { trx }, { clientId, device, baseVersion, operations, user }) {
  // The sync rules live in one place, shared with the app's tests (packages/shared).
  const { mergeOperations, staysDeleted, madeAgainNotice } =
    await import('@music-classroom/shared/playlist-merge');
  if (!user) throw new errors.ForbiddenError('Sign in to use playlists and custom units');
  await lockClientId(strapi, trx, clientId);
  // Scoped to the signed-in teacher, as the ownership middleware scopes the Document Service:
  // someone else's playlist with this client id looks exactly like a missing one.
  const stored = await readPlaylistRows(strapi, trx, {
    $and: [byClientId(clientId), { owner: { id: user.id } }],
  });
  const memory = { ownerId: user.id, clientId };
  const requestIds = new Set(operations.map((op) => op.id));
  const known = await appliedAmong(strapi, trx, memory, [...requestIds]);
  // Ids kept on the playlist's row before they had their own table move there on its next write.
  const legacyApplied = Array.isArray(stored?.row.applied_ops) ? stored.row.applied_ops : [];
  for (const id of legacyApplied) if (requestIds.has(id)) known.add(id);
  const start = storedSyncState(stored, [...known]);
  // Deleted elsewhere: it stays deleted unless this request makes it again (edit after delete).
  const deleted = stored ? null : staysDeleted(operations, known);
  if (deleted) return { status: 'deleted', clientId, ...deleted };

  const merged = mergeOperations(start, { device, baseVersion, operations });
  // Made again by an operation the delete had not seen: the device that deleted it is told on its next pull.
  const tombstone =
    !stored && merged.state ? await latestTombstone(strapi, user.id, clientId) : null;
  if (tombstone?.device && tombstone.device !== device) {
    merged.conflicts = [
      ...merged.conflicts,
      madeAgainNotice(merged.state, merged.version, tombstone.device),
    ];
  }
  const answer = (documentId, state, version, conflicts, gone = []) => ({
    status: 'applied',
    clientId,
    documentId,
    version,
    applied: merged.applied,
    dropped: merged.dropped,
    state,
    conflicts,
    gone,
  });

  if (merged.recorded.length === 0)
    return answer(stored.row.documentId, start.state, start.version, start.conflicts);
  if (!merged.state) {
    if (stored) {
      await claimVersion(strapi, stored.row, { version: merged.version });
      await strapi.documents(PLAYLIST).delete({ documentId: stored.row.documentId });
      await markDeletedBy(strapi, { ownerId: user.id, documentId: stored.row.documentId, device });
    }
    // Kept with the tombstone: a replay of this batch is answered as applied to a deleted playlist.
    await rememberApplied(strapi, trx, memory, [...legacyApplied, ...merged.recorded]);
    return { status: 'deleted', clientId, applied: merged.applied, dropped: merged.dropped };
  }

  // What the batch names that the CMS no longer has is left out, never a failure of the batch.
  const { state, gone } = merged.changed
    ? await withExistingReferences(strapi, merged.state)
    : { state: merged.state, gone: [] };
  if (stored) {
    const extraFields = {
      ...(stored.row.client_id ? {} : { client_id: clientId }),
      ...(legacyApplied.length > 0 ? { applied_ops: null } : {}),
    };
    await writeMerged(strapi, trx, stored, state, start, merged, extraFields);
    await rememberApplied(strapi, trx, memory, [...legacyApplied, ...merged.recorded]);
    return answer(stored.row.documentId, state, merged.version, merged.conflicts, gone);
  }
  const madeBy = randomUUID();
  // The items go in as rows after the playlist (playlist-rows.js): through the Document Service a
  // create with 500 items took seconds. They are checked against the limits first.
  checkPlaylistState(stateToData(state));
  const created = await strapi.documents(PLAYLIST).create({
    data: {
      ...stateToData({ ...state, items: [] }),
      client_id: clientId,
      version: merged.version,
      field_log: { ...merged.fieldLog, [MADE_BY]: madeBy },
      conflicts: merged.conflicts,
    },
  });
  // The ownership middleware answers a create whose client id exists with that playlist: one
  // another request made after this one looked. Start again from it.
  if (created.field_log?.[MADE_BY] !== madeBy)
    throw new ConcurrentSync('the playlist was made by another request meanwhile');
  await writeItemRows(strapi, trx, created, [], state.items);
  await rememberApplied(strapi, trx, memory, merged.recorded);
  return answer(created.documentId, state, merged.version, merged.conflicts, gone);
}

module.exports = ({ strapi }) => {
  const inTurn = oneAtATime();
  return {
    /**
     * One device's pending operations for one playlist, applied in one transaction to the
     * signed-in teacher's playlist (docs/sync-protocol.md has the merge rules). Requests for the
     * same playlist take their turn in this process before they take a connection
     * (lib/one-at-a-time.js).
     */
    async sync(request) {
      return inTurn(`${request.user?.id}:${request.clientId}`, async () => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await strapi.db.transaction((transaction) =>
              applyOnce(strapi, transaction, request),
            );
          } catch (error) {
            if (!(error instanceof ConcurrentSync) || attempt >= MAX_ATTEMPTS) throw error;
          }
        }
      });
    },
  };
};
