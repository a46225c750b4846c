// The merge of a device's playlist operations into the stored playlist: the one home of the sync
// rules (which clash is a conflict, who is told, what a replay does). The CMS and the app's tests
// both run it; playlist-ops.mjs applies each operation.
import { applyOperation } from './playlist-ops.mjs';

/** The conflict notices a playlist keeps (the newest). */
export const MAX_CONFLICTS = 20;

/**
 * The only true clashes: two devices changed the title, or the audience, without one having seen
 * the other's change. The change applied later wins; the device whose change was replaced is told
 * so, in the words below.
 */
const LOGGED = {
  rename: {
    field: 'title',
    value: (op) => op.title,
    current: (state) => state.title,
    message: (last, value) =>
      `“${last.previous}”: your rename to “${last.value}” was replaced by “${value}” from another device.`,
  },
  setAudience: {
    field: 'audience',
    value: (op) => op.audienceId ?? null,
    current: (state) => state.audienceId,
    message: (last, value, state) =>
      `“${state.title}”: your audience change was replaced by one from another device.`,
  },
};

/**
 * A device's operations applied in order to the stored playlist, with what the CMS keeps beside
 * it: the ids already applied (a replay is a no-op; the caller passes those of the request's ids
 * it has applied before), the last change of each logged field and the conflict notices. The
 * CMS's sync route runs it on the stored playlist; the app's tests run it in their stand-in CMS.
 * Pure apart from the notices' ids (`newId`, random by default).
 * @param {import('./playlist-merge.d.mts').StoredPlaylist} stored
 * @param {{ device: string, baseVersion: number | null, operations: import('./playlist-ops.mjs').PlaylistOperation[] }} request
 * @param {() => string} [newId]
 * @returns {import('./playlist-merge.d.mts').MergeResult}
 */
export function mergeOperations(stored, request, newId = () => globalThis.crypto.randomUUID()) {
  const { device, baseVersion, operations } = request;
  const version = stored.version + 1;
  const seen = new Set(stored.appliedOps);
  const recorded = [];
  const applied = [];
  const dropped = [];
  let { state } = stored;
  let fieldLog = { ...stored.fieldLog };
  let conflicts = [...stored.conflicts];
  let changed = false;

  for (const op of operations) {
    if (seen.has(op.id)) {
      applied.push(op.id);
      continue;
    }
    seen.add(op.id);
    recorded.push(op.id);
    const before = state;
    const result = applyOperation(state, op);
    state = result.state;
    if (result.effect === 'dropped') {
      dropped.push(op.id);
      continue;
    }
    applied.push(op.id);
    if (result.effect !== 'applied') continue;
    changed = true;
    if (op.type === 'delete') {
      // A playlist made again after its delete starts with no history to clash with.
      fieldLog = {};
      conflicts = [];
      continue;
    }
    const logged = LOGGED[op.type];
    if (!logged) continue;
    const value = logged.value(op);
    const last = fieldLog[logged.field];
    // A device's own changes never clash, nor does a change that had seen the other one.
    const clashes =
      last && last.device !== device && (baseVersion ?? -1) < last.version && last.value !== value;
    if (clashes) {
      conflicts.push({
        id: newId(),
        device: last.device,
        version,
        playlistTitle: state.title,
        message: logged.message(last, value, state),
      });
    }
    fieldLog[logged.field] = {
      version,
      device,
      opId: op.id,
      value,
      previous: logged.current(before),
    };
  }

  return {
    state,
    changed,
    version: changed ? version : stored.version,
    recorded,
    applied,
    dropped,
    fieldLog,
    conflicts: conflicts.slice(-MAX_CONFLICTS),
  };
}

/**
 * A request for a playlist the CMS no longer has (deleted elsewhere) keeps it deleted unless it
 * makes the playlist again (a create, or a whole state). Then the answer: `applied`, the
 * operations applied before the delete (a replay after a lost answer), which the delete had seen,
 * so they never bring it back; `dropped`, those it had not seen (the device may make the playlist
 * again with its copy). null when the request does make it again.
 * @param {import('./playlist-ops.mjs').PlaylistOperation[]} operations
 * @param {Set<string>} known the request's ids applied before the delete
 * @returns {{ applied: string[], dropped: string[] } | null}
 */
export function staysDeleted(operations, known) {
  const pending = operations.filter((op) => !known.has(op.id));
  if (pending.some((op) => op.type === 'create' || op.type === 'replaceState')) return null;
  return {
    applied: operations.filter((op) => known.has(op.id)).map((op) => op.id),
    dropped: pending.map((op) => op.id),
  };
}

/**
 * The notice for the device that deleted a playlist which another device's operation, one the
 * delete had not seen, made again.
 * @param {import('./playlist-ops.mjs').PlaylistState} state the playlist as it is made again
 * @param {number} version
 * @param {string} deleter the device that deleted it
 * @param {() => string} [newId]
 * @returns {import('./playlist-sync-protocol.mjs').ServerConflict}
 */
export function madeAgainNotice(
  state,
  version,
  deleter,
  newId = () => globalThis.crypto.randomUUID(),
) {
  return {
    id: newId(),
    device: deleter,
    version,
    playlistTitle: state.title,
    message: `“${state.title}” was deleted on this device, but changes made on another device after that brought it back.`,
  };
}
