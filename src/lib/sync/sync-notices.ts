import { db, type SyncNotice } from '../db/database';
import { createPlaylist } from './local-writes';
import type { ServerConflict } from './playlist-mapping';

/**
 * What a sync must tell the teacher, stored on the device until dismissed, so it
 * lasts across reloads and screens. A notice about a clash recorded by the CMS keeps the CMS's
 * id, so pulling the same clash again never shows it twice.
 */
export async function addNotice(
  userId: string,
  playlistClientId: string | null,
  message: string,
  id: string = crypto.randomUUID(),
): Promise<void> {
  if (await db.notices.get(id)) return;
  await db.notices.put({
    id,
    userId,
    playlistClientId,
    message,
    createdAt: Date.now(),
    dismissed: false,
  });
}

/** Edits a delete made elsewhere dropped, with this device's copy of the playlist to keep as a new one. */
export async function addDroppedEditsNotice(
  userId: string,
  playlistClientId: string,
  message: string,
  keep: NonNullable<SyncNotice['keep']>,
): Promise<void> {
  await db.notices.put({
    id: crypto.randomUUID(),
    userId,
    playlistClientId,
    message,
    createdAt: Date.now(),
    dismissed: false,
    keep,
  });
}

/**
 * "Keep my version as a new playlist": the copy the notice kept becomes a new playlist (a new
 * client id, so no delete of the old one touches it), and the notice is done.
 */
export async function keepAsNewPlaylist(noticeId: string): Promise<void> {
  // Claimed first, so a second click never makes a second playlist.
  const notice = await db.transaction('rw', db.notices, async () => {
    const found = await db.notices.get(noticeId);
    if (!found?.keep || found.dismissed) return null;
    await db.notices.update(noticeId, { dismissed: true });
    return found;
  });
  if (!notice?.keep) return;
  const { title, audienceId, items } = notice.keep;
  try {
    await createPlaylist(notice.userId, {
      title,
      audienceId,
      items: items.map(({ key: _key, ...item }) => item),
    });
  } catch (error) {
    await db.notices.update(noticeId, { dismissed: false });
    throw error;
  }
}

/** The CMS's clashes that name this device's operations as the ones that lost. */
export async function addConflictNotices(
  userId: string,
  playlistClientId: string,
  device: string,
  conflicts: readonly ServerConflict[] | null | undefined,
) {
  for (const conflict of conflicts ?? []) {
    if (conflict.device === device)
      await addNotice(userId, playlistClientId, conflict.message, `conflict-${conflict.id}`);
  }
}

export function dismissNotice(id: string): Promise<number> {
  return db.notices.update(id, { dismissed: true });
}

/** The notices still to show to this user, oldest first. */
export async function openNotices(userId: string): Promise<SyncNotice[]> {
  const notices = await db.notices.where('userId').equals(userId).sortBy('createdAt');
  return notices.filter((notice) => !notice.dismissed);
}

/** The meta key that says this device has pulled this teacher's playlists at least once. */
const pulledKey = (userId: string) => `playlists-pulled:${userId}`;

/** Records a successful pull (an empty list after it means "no playlists", not "not known yet"). */
export async function markPulled(userId: string): Promise<void> {
  await db.meta.put({ key: pulledKey(userId), value: new Date().toISOString() });
}

/** Whether this device has had the CMS's list of this teacher's playlists at least once. */
export async function hasPulled(userId: string): Promise<boolean> {
  return (await db.meta.get(pulledKey(userId))) !== undefined;
}

const DEVICE_KEY = 'device-id';

/** This device's id: made once, kept in IndexedDB (local storage is cleared at sign-out). */
export async function deviceId(): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const stored = await db.meta.get(DEVICE_KEY);
    if (stored) return stored.value;
    const value = crypto.randomUUID();
    await db.meta.put({ key: DEVICE_KEY, value });
    return value;
  });
}
