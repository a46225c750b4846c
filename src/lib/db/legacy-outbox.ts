import type { PlaylistItem, PlaylistOperation } from '@music-classroom/shared/playlist-ops';

/**
 * The outbox as version 1 of the database wrote it: an entry only named the playlist and the kind
 * of change, and replay sent the playlist's whole state at that moment.
 */
export interface LegacyOutboxEntry {
  seq?: number;
  userId: string;
  playlistClientId: string;
  op: 'create' | 'update' | 'delete';
  createdAt: number;
  attempts: number;
  lastError?: string;
}

/** What the conversion reads of a local playlist (PlaylistRecord, without importing it). */
interface LegacyPlaylist {
  clientId: string;
  title: string;
  audienceId: string | null;
  deleted: boolean;
  items: { key: string; kind: string; itemId: string; title: string; contextPath: string }[];
}

/** The operation-outbox entry this conversion writes (OutboxEntry, without importing it). */
export interface ConvertedEntry {
  userId: string;
  playlistClientId: string;
  opId: string;
  operation: PlaylistOperation;
  createdAt: number;
  attempts: number;
  lastError?: string;
}

const toItem = (item: LegacyPlaylist['items'][number]): PlaylistItem => ({
  key: item.key,
  kind: item.kind,
  itemId: item.itemId,
  title: item.title,
  contextPath: item.contextPath,
});

/**
 * Old entries to operations with the same meaning, per playlist in the order of its first entry:
 * - the playlist was deleted: `create` (if it was created on this device, so a create that did
 *   reach the CMS is found) then `delete`;
 * - it was created here: `create`, then `replaceState` with the device's state (a create whose
 *   answer was lost may have stored an older state, which the old replay also overwrote);
 * - it was only updated: `replaceState`, the old last-writer-wins for that playlist.
 * Entries for a playlist no longer on the device had nothing to send and are dropped.
 */
export function convertLegacyOutbox(
  entries: LegacyOutboxEntry[],
  playlists: LegacyPlaylist[],
  newId: () => string,
): ConvertedEntry[] {
  const byClientId = new Map(playlists.map((playlist) => [playlist.clientId, playlist]));
  const groups = new Map<string, LegacyOutboxEntry[]>();
  for (const entry of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    groups.set(entry.playlistClientId, [...(groups.get(entry.playlistClientId) ?? []), entry]);
  }
  const converted: ConvertedEntry[] = [];
  for (const [clientId, group] of groups) {
    const playlist = byClientId.get(clientId);
    if (!playlist) continue;
    const first = group[0]!;
    const created = group.some((entry) => entry.op === 'create');
    const state = {
      title: playlist.title,
      audienceId: playlist.audienceId,
      items: playlist.items.map(toItem),
    };
    const operations: PlaylistOperation[] = [];
    if (created) operations.push({ id: newId(), type: 'create', ...state });
    if (playlist.deleted || group.some((entry) => entry.op === 'delete')) {
      operations.push({ id: newId(), type: 'delete' });
    } else {
      operations.push({ id: newId(), type: 'replaceState', ...state });
    }
    for (const operation of operations) {
      converted.push({
        userId: first.userId,
        playlistClientId: clientId,
        opId: operation.id,
        operation,
        createdAt: first.createdAt,
        attempts: 0,
      });
    }
  }
  return converted;
}
