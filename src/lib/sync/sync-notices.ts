import { db, type SyncNotice } from '../db/database';
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
  await db.notices.put({ id, userId, playlistClientId, message, createdAt: Date.now(), dismissed: false });
}

/** The CMS's clashes that name this device's operations as the ones that lost. */
export async function addConflictNotices(userId: string, playlistClientId: string, device: string, conflicts: readonly ServerConflict[] | null | undefined) {
  for (const conflict of conflicts ?? []) {
    if (conflict.device === device) await addNotice(userId, playlistClientId, conflict.message, `conflict-${conflict.id}`);
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
