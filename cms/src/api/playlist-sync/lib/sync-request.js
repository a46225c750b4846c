'use strict';

const { errors } = require('@strapi/utils');
const { ITEM_KINDS } = require('./playlist-state');

const MAX_OPERATIONS = 1000;

function refuse(message, path = []) {
  throw new errors.ValidationError(message, {
    errors: [{ path, message, name: 'ValidationError' }],
  });
}

const isName = (value) => typeof value === 'string' && value.length >= 1 && value.length <= 100;

/** Item kinds the CMS can store (playlist-ops only checks that a kind is a string). */
function itemKindProblem(op) {
  const items =
    op.type === 'addItem'
      ? [op.item]
      : op.type === 'create' || op.type === 'replaceState'
        ? (op.items ?? [])
        : [];
  const odd = items.find((item) => !ITEM_KINDS.includes(item.kind));
  return odd ? `unknown item kind ${String(odd.kind)}` : null;
}

/**
 * Refuses a request in a version of the wire format the CMS does not speak, with a 400 that says
 * so (both playlist-sync routes).
 */
async function checkProtocol(protocol) {
  const { protocolProblem } = await import('@music-classroom/shared/playlist-sync-protocol');
  const unspoken = protocolProblem(protocol);
  if (unspoken) refuse(unspoken, ['protocol']);
}

/**
 * The body of POST /api/playlist-sync, checked whole before anything is applied: a malformed or
 * hostile request is refused with a 400 that says what was wrong, and changes nothing.
 * @returns {Promise<{ clientId: string, device: string, baseVersion: number | null, operations: object[] }>}
 */
async function parseSyncRequest(body) {
  const { operationProblem } = await import('@music-classroom/shared/playlist-ops');
  if (!body || typeof body !== 'object' || Array.isArray(body))
    refuse('The request must be a JSON object.');
  const { protocol, clientId, device, baseVersion, operations } = body;
  await checkProtocol(protocol);
  if (!isName(clientId)) refuse('clientId must be a string of 1 to 100 characters.', ['clientId']);
  if (!isName(device)) refuse('device must be a string of 1 to 100 characters.', ['device']);
  if (baseVersion !== null && !(Number.isInteger(baseVersion) && baseVersion >= 0)) {
    refuse('baseVersion must be the playlist version the device last saw, or null.', [
      'baseVersion',
    ]);
  }
  if (!Array.isArray(operations)) refuse('operations must be a list.', ['operations']);
  if (operations.length > MAX_OPERATIONS)
    refuse(`At most ${MAX_OPERATIONS} operations per request; this one has ${operations.length}.`, [
      'operations',
    ]);
  operations.forEach((op, index) => {
    const problem = operationProblem(op) ?? itemKindProblem(op);
    if (problem) refuse(`Operation ${index}: ${problem}.`, ['operations', String(index)]);
  });
  return { clientId, device, baseVersion, operations };
}

module.exports = { parseSyncRequest, checkProtocol, MAX_OPERATIONS };
