import { db } from '../db/database';

/**
 * Where this device is in a teacher's playlist changes: the cursor the CMS answered
 * with its last pull, kept per user in the `meta` table and sent with the next pull, so a quiet
 * reconnect asks only for what changed. It is written after the pull's changes are on the device
 * (a crash in between pulls the same changes again) and goes with the synced playlists at
 * sign-out, so that a device without the library never asks for only the changes to it.
 */
export const pullCursorKey = (userId: string) => `playlists-cursor:${userId}`;

export async function readPullCursor(userId: string): Promise<string | null> {
  return (await db.meta.get(pullCursorKey(userId)))?.value ?? null;
}

export async function savePullCursor(userId: string, cursor: string): Promise<void> {
  await db.meta.put({ key: pullCursorKey(userId), value: cursor });
}
