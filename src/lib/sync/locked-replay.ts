/** One replay of the playlist outbox, by one tab at a time (Web Locks). */
import type { PlaylistApi } from './playlist-api';
import { syncPlaylists, type SyncOutcome } from './replay';
import { useSyncStatus } from './sync-status-store';

const LOCK_NAME = 'music-classroom-playlist-sync';

/** Runs `work` holding the cross-tab lock; another tab holding it means it is syncing already. */
async function withSyncLock(work: () => Promise<void>): Promise<boolean> {
  if (!('locks' in navigator)) {
    await work();
    return true;
  }
  return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await work();
    return true;
  });
}

/** The round's outcome, or null when another tab is replaying; the indicator shows it syncing. */
export async function replayUnderLock(
  userId: string,
  api: PlaylistApi,
): Promise<SyncOutcome | null> {
  useSyncStatus.setState({ syncing: true });
  let outcome: SyncOutcome | undefined;
  const ran = await withSyncLock(async () => {
    outcome = await syncPlaylists(userId, api);
  });
  useSyncStatus.setState({ syncing: false });
  return ran && outcome ? outcome : null;
}
