import { db, type OutboxEntry, type PlaylistItemRecord, type PlaylistRecord } from '../db/database';
import { newKey } from './playlist-mapping';

/**
 * Every playlist edit is one Dexie transaction that changes the local copy and appends an outbox
 * entry (ARCHITECTURE.md, sync rule 1: the edit is in IndexedDB before the UI shows it). The
 * entry only names the playlist and the kind of change: replay sends the playlist's state at that
 * moment, which is what coalesces many edits into one request (sync rule 3).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** The sync engine listens to replay soon after a write; the UI refreshes its queries. */
export function onLocalWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce() {
  for (const listener of listeners) listener();
}

function entry(userId: string, playlistClientId: string, op: OutboxEntry['op']): OutboxEntry {
  return { userId, playlistClientId, op, createdAt: Date.now(), attempts: 0 };
}

async function change(
  clientId: string,
  op: OutboxEntry['op'],
  edit: (playlist: PlaylistRecord) => PlaylistRecord,
): Promise<PlaylistRecord> {
  const saved = await db.transaction('rw', db.playlists, db.outbox, async () => {
    const playlist = await db.playlists.get(clientId);
    if (!playlist || playlist.deleted) throw new Error('This playlist no longer exists on this device.');
    const next = { ...edit(playlist), updatedAt: Date.now() };
    await db.playlists.put(next);
    await db.outbox.add(entry(playlist.userId, clientId, op));
    return next;
  });
  announce();
  return saved;
}

export interface NewPlaylist {
  title: string;
  audienceId: string | null;
  items?: Omit<PlaylistItemRecord, 'key'>[];
}

export async function createPlaylist(userId: string, input: NewPlaylist): Promise<PlaylistRecord> {
  const playlist: PlaylistRecord = {
    clientId: crypto.randomUUID(),
    userId,
    documentId: null,
    title: input.title.trim(),
    audienceId: input.audienceId,
    items: (input.items ?? []).map((item) => ({ ...item, key: newKey() })),
    deleted: false,
    updatedAt: Date.now(),
    serverUpdatedAt: null,
  };
  await db.transaction('rw', db.playlists, db.outbox, async () => {
    await db.playlists.add(playlist);
    await db.outbox.add(entry(userId, playlist.clientId, 'create'));
  });
  announce();
  return playlist;
}

/** Title and audience, from the 'Playlist details' modal. */
export function updatePlaylistDetails(clientId: string, details: { title: string; audienceId: string | null }) {
  return change(clientId, 'update', (playlist) => ({
    ...playlist,
    title: details.title.trim(),
    audienceId: details.audienceId,
  }));
}

/** 'Save Changes' in edit mode: the new order without the removed items, in one edit. */
export function replacePlaylistItems(clientId: string, items: PlaylistItemRecord[]) {
  return change(clientId, 'update', (playlist) => ({ ...playlist, items: [...items] }));
}

/** 'Add to playlist': the item goes to the end. */
export function appendPlaylistItem(clientId: string, item: Omit<PlaylistItemRecord, 'key'>) {
  return change(clientId, 'update', (playlist) => ({
    ...playlist,
    items: [...playlist.items, { ...item, key: newKey() }],
  }));
}

/** Marks the playlist deleted; the record goes once the CMS has confirmed (or never had it). */
export function deletePlaylist(clientId: string) {
  return change(clientId, 'delete', (playlist) => ({ ...playlist, deleted: true }));
}

/** How many edits of this user are waiting for the CMS. */
export function pendingEditCount(userId: string): Promise<number> {
  return db.outbox.where('userId').equals(userId).count();
}

/**
 * At logout: this user's playlists leave a shared device, except those with edits the CMS has
 * not confirmed yet, which stay (with their outbox) until the same teacher signs in here again.
 */
export async function forgetSyncedPlaylists(userId: string): Promise<void> {
  await db.transaction('rw', db.playlists, db.outbox, async () => {
    const pending = new Set((await db.outbox.where('userId').equals(userId).toArray()).map((e) => e.playlistClientId));
    await db.playlists
      .where('userId')
      .equals(userId)
      .filter((playlist) => !pending.has(playlist.clientId))
      .delete();
  });
}
