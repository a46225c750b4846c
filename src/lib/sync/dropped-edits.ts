import type { PlaylistOperation } from '@music-classroom/shared/playlist-ops';
import type { PlaylistItemRecord } from '../db/database';

/** At most this many edits are named; the rest are counted. */
const NAMED = 5;

function describe(op: PlaylistOperation, items: readonly PlaylistItemRecord[]): string | null {
  const titleOf = (key: string) => items.find((item) => item.key === key)?.title;
  switch (op.type) {
    case 'create':
      return 'making the playlist';
    case 'rename':
      return `renaming it “${op.title}”`;
    case 'setAudience':
      return 'changing its audience';
    case 'addItem':
      return `adding “${op.item.title}”`;
    case 'removeItem':
      return 'removing an item';
    case 'moveItem': {
      const title = titleOf(op.key);
      return title ? `moving “${title}”` : 'moving an item';
    }
    case 'replaceState':
      return 'saving its items';
    default:
      return null;
  }
}

/**
 * What the teacher is told when a delete made on another device, which had already seen these
 * edits, drops them: each edit named, so they know what was lost (and may keep their copy).
 */
export function droppedEditsMessage(
  title: string,
  operations: readonly PlaylistOperation[],
  items: readonly PlaylistItemRecord[],
): string {
  const named = [
    ...new Set(
      operations.map((op) => describe(op, items)).filter((text): text is string => text !== null),
    ),
  ];
  const shown = named.slice(0, NAMED);
  const more = named.length - shown.length;
  const list = `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return `“${title}” was deleted on another device after your changes reached it, so they were not kept: ${list}.`;
}
