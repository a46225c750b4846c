import { applyOperations, type PlaylistOperation } from '@music-classroom/shared/playlist-ops';
import { db, type OutboxEntry, type PlaylistItemRecord, type PlaylistRecord } from '../db/database';
import { itemChanges } from './item-diff';
import { itemsWithDetails, newKey, stateOf, toOperationItem } from './playlist-mapping';
import { pullCursorKey } from './pull-cursor';

/**
 * Every playlist edit is one Dexie transaction that records what the teacher did as operations in
 * the outbox and shows their result at once (ARCHITECTURE.md, sync rule 1: the edit is in
 * IndexedDB before the UI shows it). Operations, not snapshots: the CMS applies them to
 * its current playlist, so another device's edits to the same playlist are kept. Replay sends each
 * playlist's pending operations in one request (sync rule 3). Screens and the sync engine observe
 * the tables through live queries, so a write needs no announcement.
 */
/** An operation of `type` with a new id (the CMS applies each id once). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
function operation(op: WithoutId<PlaylistOperation>): PlaylistOperation {
  return { ...op, id: crypto.randomUUID() } as PlaylistOperation;
}

function outboxEntry(playlist: PlaylistRecord, op: PlaylistOperation): OutboxEntry {
  return {
    userId: playlist.userId,
    playlistClientId: playlist.clientId,
    opId: op.id,
    operation: op,
    createdAt: Date.now(),
    attempts: 0,
  };
}

/** The playlist as shown after `ops`: its items keep the card details this device has. */
export function withOperations(playlist: PlaylistRecord, ops: PlaylistOperation[]): PlaylistRecord {
  const { state } = applyOperations(stateOf(playlist), ops);
  if (!state) return { ...playlist, deleted: true };
  const added = ops.flatMap((op) => (op.type === 'addItem' ? [{ ...op.item, details: {} }] : []));
  return {
    ...playlist,
    title: state.title,
    audienceId: state.audienceId,
    items: itemsWithDetails(state, playlist.items, added as PlaylistItemRecord[]),
  };
}

async function change(
  clientId: string,
  edit: (playlist: PlaylistRecord) => { ops: PlaylistOperation[]; details?: PlaylistItemRecord[] },
): Promise<PlaylistRecord> {
  const saved = await db.transaction('rw', db.playlists, db.outbox, async () => {
    const playlist = await db.playlists.get(clientId);
    if (!playlist || playlist.deleted)
      throw new Error('This playlist no longer exists on this device.');
    const { ops, details = [] } = edit(playlist);
    if (ops.length === 0) return playlist;
    const shown = withOperations(playlist, ops);
    const next = {
      ...shown,
      items: itemsWithDetails(stateOf(shown), playlist.items, details),
      updatedAt: Date.now(),
    };
    await db.playlists.put(next);
    await db.outbox.bulkAdd(ops.map((op) => outboxEntry(playlist, op)));
    return next;
  });
  return saved;
}

export interface NewPlaylist {
  /** Chosen beforehand (a playlist opened from a lesson file, whose download is stored first). */
  clientId?: string;
  title: string;
  audienceId: string | null;
  items?: Omit<PlaylistItemRecord, 'key'>[];
}

export async function createPlaylist(userId: string, input: NewPlaylist): Promise<PlaylistRecord> {
  const items = (input.items ?? []).map((item) => ({ ...item, key: newKey() }));
  const playlist: PlaylistRecord = {
    clientId: input.clientId ?? crypto.randomUUID(),
    userId,
    documentId: null,
    title: input.title.trim(),
    audienceId: input.audienceId,
    items,
    deleted: false,
    updatedAt: Date.now(),
    serverUpdatedAt: null,
    version: null,
    serverState: null,
  };
  const create = operation({
    type: 'create',
    title: playlist.title,
    audienceId: playlist.audienceId,
    items: items.map(toOperationItem),
  });
  await db.transaction('rw', db.playlists, db.outbox, async () => {
    await db.playlists.add(playlist);
    await db.outbox.add(outboxEntry(playlist, create));
  });
  return playlist;
}

/** Title and audience, from the 'Playlist details' modal: only what changed is recorded. */
export function updatePlaylistDetails(
  clientId: string,
  details: { title: string; audienceId: string | null },
) {
  return change(clientId, (playlist) => {
    const ops: PlaylistOperation[] = [];
    const title = details.title.trim();
    if (title !== playlist.title) ops.push(operation({ type: 'rename', title }));
    if (details.audienceId !== playlist.audienceId)
      ops.push(operation({ type: 'setAudience', audienceId: details.audienceId }));
    return { ops };
  });
}

/** 'Save Changes' in edit mode: the removed items and the moved ones (item-diff). */
export function replacePlaylistItems(clientId: string, items: PlaylistItemRecord[]) {
  return change(clientId, (playlist) => ({
    ops: itemChanges(
      playlist.items.map((item) => item.key),
      items.map((item) => item.key),
    ).map((itemChange) => operation(itemChange)),
  }));
}

/** 'Add to playlist': the item goes to the end (after the last item this device shows). */
export function appendPlaylistItem(clientId: string, item: Omit<PlaylistItemRecord, 'key'>) {
  return change(clientId, (playlist) => {
    const added = { ...item, key: newKey() };
    return {
      ops: [
        operation({
          type: 'addItem',
          item: toOperationItem(added),
          after: playlist.items.at(-1)?.key ?? null,
        }),
      ],
      details: [added],
    };
  });
}

/** Marks the playlist deleted; the record goes once the CMS has confirmed (or never had it). */
export function deletePlaylist(clientId: string) {
  return change(clientId, () => ({ ops: [operation({ type: 'delete' })] }));
}

/** How many edits of this user are waiting for the CMS. */
export function pendingEditCount(userId: string): Promise<number> {
  return db.outbox.where('userId').equals(userId).count();
}

/**
 * At logout: this user's playlists leave a shared device, except those with edits the CMS has
 * not confirmed yet, which stay (with their outbox) until the same teacher signs in here again.
 */
/** @returns how many playlists were kept for their unsynced changes */
export async function forgetSyncedPlaylists(userId: string): Promise<number> {
  return db.transaction('rw', db.playlists, db.outbox, db.meta, async () => {
    // Without the library, the next pull must be a whole one, not the changes since the cursor.
    await db.meta.delete(pullCursorKey(userId));
    const pending = new Set(
      (await db.outbox.where('userId').equals(userId).toArray()).map((e) => e.playlistClientId),
    );
    await db.playlists
      .where('userId')
      .equals(userId)
      .filter((playlist) => !pending.has(playlist.clientId))
      .delete();
    return pending.size;
  });
}
