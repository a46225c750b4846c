'use strict';

const { randomUUID } = require('node:crypto');

const MAX_CONFLICTS = 20;

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
 * it has applied before: lib/applied-ops.js), the last change of each logged field and the
 * conflict notices. Pure apart from the notices' random ids.
 * @param {{ state: object | null, version: number, appliedOps: string[], fieldLog: object, conflicts: object[] }} stored
 * @param {{ device: string, baseVersion: number | null, operations: object[] }} request
 * @param {(state: object | null, op: object) => { state: object | null, effect: string }} applyOperation
 */
function mergeOperations(stored, request, applyOperation) {
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
        id: randomUUID(),
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

module.exports = { mergeOperations, MAX_CONFLICTS };
