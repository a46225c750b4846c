// Playlist operations: what a teacher did to a playlist, applied in order to a playlist's state.
// One module for both sides: the CMS applies a device's operations to its current playlist
// (src/api/playlist-sync), and the app shows the CMS's playlist with its own still-pending
// operations applied on top (src/lib/sync), so what a device shows is what the CMS will hold.
// Plain ECMAScript with no imports, so the CMS (CommonJS, via import()) and the app (Vite) share it.

/**
 * @typedef {{ key: string, kind: string, itemId: string, title: string, contextPath: string }} PlaylistItem
 *   key: the item's own stable id (a UUID made by the device that added it).
 * @typedef {{ title: string, audienceId: string | null, items: PlaylistItem[] }} PlaylistState
 * @typedef {(
 *   | { id: string, type: 'create', title: string, audienceId: string | null, items?: PlaylistItem[] }
 *   | { id: string, type: 'rename', title: string }
 *   | { id: string, type: 'setAudience', audienceId: string | null }
 *   | { id: string, type: 'addItem', item: PlaylistItem, after: string | null }   (null: last)
 *   | { id: string, type: 'removeItem', key: string }
 *   | { id: string, type: 'moveItem', key: string, after: string | null }   (null: first)
 *   | { id: string, type: 'replaceState', title: string, audienceId: string | null, items: PlaylistItem[] }
 *   | { id: string, type: 'delete' }
 * )} PlaylistOperation
 *   replaceState: an outbox written before operations existed (a whole-state snapshot).
 * @typedef {'applied' | 'unchanged' | 'dropped'} OperationEffect
 *   unchanged: nothing to do (the item was already added or removed); dropped: the operation no
 *   longer means anything (a move of an item that is gone, an edit of a playlist that is gone).
 */

export const OPERATION_TYPES = Object.freeze([
  'create',
  'rename',
  'setAudience',
  'addItem',
  'removeItem',
  'moveItem',
  'replaceState',
  'delete',
]);

/**
 * `item` placed right after the item keyed `after` (null: first). An anchor that is not there
 * (removed on another device) puts an added item last, where "Add to playlist" puts it anyway.
 * @param {PlaylistItem[]} items @param {PlaylistItem} item @param {string | null} after
 * @returns {PlaylistItem[]}
 */
function insertAfter(items, item, after) {
  if (after === null) return [item, ...items];
  const index = items.findIndex((candidate) => candidate.key === after);
  if (index === -1) return [...items, item];
  return [...items.slice(0, index + 1), item, ...items.slice(index + 1)];
}

/**
 * One operation on a playlist's state (null: the playlist does not exist, or no longer does).
 * Pure: the state passed in is never changed.
 * @param {PlaylistState | null} state @param {PlaylistOperation} op
 * @returns {{ state: PlaylistState | null, effect: OperationEffect }}
 */
export function applyOperation(state, op) {
  if (op.type === 'create') {
    if (state) return { state, effect: 'unchanged' };
    return {
      state: { title: op.title, audienceId: op.audienceId ?? null, items: [...(op.items ?? [])] },
      effect: 'applied',
    };
  }
  if (op.type === 'replaceState') {
    return {
      state: { title: op.title, audienceId: op.audienceId ?? null, items: [...op.items] },
      effect: 'applied',
    };
  }
  if (!state) return { state, effect: 'dropped' };
  switch (op.type) {
    case 'rename':
      return { state: { ...state, title: op.title }, effect: 'applied' };
    case 'setAudience':
      return { state: { ...state, audienceId: op.audienceId ?? null }, effect: 'applied' };
    case 'addItem':
      // A second delivery of the same add (or two devices adding one item key) keeps one copy.
      if (state.items.some((item) => item.key === op.item.key))
        return { state, effect: 'unchanged' };
      // "Add to playlist" appends: with no item before it (an empty playlist on that device), the
      // item still goes last, so two devices' adds to the same playlist keep their order of arrival.
      if (op.after === null)
        return { state: { ...state, items: [...state.items, op.item] }, effect: 'applied' };
      return {
        state: { ...state, items: insertAfter(state.items, op.item, op.after) },
        effect: 'applied',
      };
    case 'removeItem': {
      // Removing what another device removed (or moved) already is fine: remove wins, once.
      if (!state.items.some((item) => item.key === op.key)) return { state, effect: 'unchanged' };
      return {
        state: { ...state, items: state.items.filter((item) => item.key !== op.key) },
        effect: 'applied',
      };
    }
    case 'moveItem': {
      const moving = state.items.find((item) => item.key === op.key);
      // A move of an item that no longer exists is dropped; so is one relative to a gone anchor
      // (the item stays where the other device's edits left it).
      if (!moving) return { state, effect: 'dropped' };
      const rest = state.items.filter((item) => item.key !== op.key);
      if (op.after !== null && !rest.some((item) => item.key === op.after))
        return { state, effect: 'dropped' };
      return { state: { ...state, items: insertAfter(rest, moving, op.after) }, effect: 'applied' };
    }
    case 'delete':
      return { state: null, effect: 'applied' };
    default:
      return { state, effect: 'dropped' };
  }
}

/**
 * Operations in order; the state after them and what each one did.
 * @param {PlaylistState | null} state @param {PlaylistOperation[]} ops
 * @returns {{ state: PlaylistState | null, effects: OperationEffect[] }}
 */
export function applyOperations(state, ops) {
  /** @type {OperationEffect[]} */
  const effects = [];
  let current = state;
  for (const op of ops) {
    const result = applyOperation(current, op);
    current = result.state;
    effects.push(result.effect);
  }
  return { state: current, effects };
}

/**
 * Why an operation from a device cannot be applied at all (a malformed or hostile request), or
 * null. The CMS refuses the whole request then; limits on lengths and counts are checked where
 * the playlist is stored (the CMS's playlist-limits).
 * @param {unknown} op
 * @returns {string | null}
 */
export function operationProblem(op) {
  if (!op || typeof op !== 'object') return 'an operation must be an object';
  const o = /** @type {Record<string, unknown>} */ (op);
  if (typeof o.id !== 'string' || !o.id || o.id.length > 100) return 'an operation needs an id';
  if (typeof o.type !== 'string' || !OPERATION_TYPES.includes(o.type))
    return `unknown operation type ${String(o.type)}`;
  const isKey = (/** @type {unknown} */ value) =>
    typeof value === 'string' && value.length > 0 && value.length <= 100;
  const isAnchor = (/** @type {unknown} */ value) => value === null || isKey(value);
  const isItem = (/** @type {unknown} */ value) => {
    if (!value || typeof value !== 'object') return false;
    const item = /** @type {Record<string, unknown>} */ (value);
    return (
      isKey(item.key) &&
      typeof item.kind === 'string' &&
      isKey(item.itemId) &&
      typeof item.title === 'string' &&
      typeof item.contextPath === 'string'
    );
  };
  const isAudience = (/** @type {unknown} */ value) =>
    value === null || value === undefined || isKey(value);
  switch (o.type) {
    case 'create':
      if (typeof o.title !== 'string' || !isAudience(o.audienceId)) return 'create needs a title';
      if (o.items !== undefined && (!Array.isArray(o.items) || !o.items.every(isItem)))
        return 'create has malformed items';
      return null;
    case 'replaceState':
      if (
        typeof o.title !== 'string' ||
        !isAudience(o.audienceId) ||
        !Array.isArray(o.items) ||
        !o.items.every(isItem)
      ) {
        return 'replaceState needs a title and items';
      }
      return null;
    case 'rename':
      return typeof o.title === 'string' ? null : 'rename needs a title';
    case 'setAudience':
      return isAudience(o.audienceId) ? null : 'setAudience needs an audience id or null';
    case 'addItem':
      return isItem(o.item) && isAnchor(o.after)
        ? null
        : 'addItem needs an item and the key it goes after';
    case 'removeItem':
      return isKey(o.key) ? null : 'removeItem needs an item key';
    case 'moveItem':
      return isKey(o.key) && isAnchor(o.after)
        ? null
        : 'moveItem needs an item key and the key it goes after';
    default:
      return null;
  }
}
