import { liveQuery, type Subscription } from 'dexie';
import { registerLogoutGuard } from '../auth/logout';
import { db } from '../db/database';
import {
  onSessionChange,
  readSession,
  readToken,
  readUser,
  type Session,
} from '../session/session-storage';
import { backoffDelay, throttledDelay } from './backoff';
import { pendingEditCount } from './local-writes';
import { cmsPlaylistApi, type PlaylistApi } from './playlist-api';
import { syncPlaylists } from './replay';
import { useSyncStatus } from './sync-status-store';

const LOCK_NAME = 'music-classroom-playlist-sync';
/** Edits made in quick succession go out together (coalescing, sync rule 3). */
const WRITE_DEBOUNCE_MS = 300;
/** Even with nothing pending, look for changes made on other devices now and then. */
const IDLE_PULL_MS = 5 * 60_000;

interface Engine {
  syncNow: () => Promise<void>;
  stop: () => void;
}

let engine: Engine | null = null;

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

/**
 * The sync engine (ARCHITECTURE.md, "Sync rules"): replays the playlist outbox on start, when the
 * network returns, when the page becomes visible, shortly after each local write, and on a timer
 * with exponential backoff while it keeps failing. One tab replays at a time (Web Locks). It
 * observes the outbox through a Dexie live query, which also sees other tabs' writes, so nothing
 * announces writes or refreshes copies by hand. It never needs Background Sync.
 */
export function startSyncEngine(api: PlaylistApi = cmsPlaylistApi): Engine {
  engine?.stop();
  let failures = 0;
  let timer: number | undefined;
  let debounce: number | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  /** After a 429, no request before this time, whatever asks for a sync (the CMS named the wait). */
  let notBefore = 0;

  /** The signed-in teacher's outbox, observed: the indicator's count, and a sync soon after a write. */
  let watching: Subscription | null = null;
  let watchedUser: string | null = null;
  const watchOutbox = ({ user, token }: Session) => {
    const userId = user && token ? String(user.id) : null;
    if (watching && userId === watchedUser) return;
    watching?.unsubscribe();
    watchedUser = userId;
    useSyncStatus.setState({ pending: userId ? null : 0 });
    if (!userId) return;
    let last: number | null = null;
    watching = liveQuery(() => db.outbox.where('userId').equals(userId).count()).subscribe({
      next: (pending) => {
        useSyncStatus.setState({ pending });
        // More than before: a write (here or in another tab) to send soon, coalesced.
        if (last !== null && pending > last) {
          window.clearTimeout(debounce);
          debounce = window.setTimeout(() => void syncNow(), WRITE_DEBOUNCE_MS);
        }
        last = pending;
      },
      error: (error: unknown) => console.warn('Sync: the outbox could not be observed', error),
    });
  };

  const schedule = (delay: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void syncNow(), delay);
  };

  async function round() {
    const user = readUser();
    if (!user || !readToken()) return;
    const userId = String(user.id);
    if (!navigator.onLine) {
      useSyncStatus.setState({ lastStatus: 'offline' });
      return;
    }
    useSyncStatus.setState({ syncing: true });
    let outcome;
    const ran = await withSyncLock(async () => {
      outcome = await syncPlaylists(userId, api);
    });
    useSyncStatus.setState({ syncing: false });
    if (!ran || !outcome) {
      // Another tab is replaying; it will broadcast when done.
      schedule(5_000);
      return;
    }
    // Notices are stored on the device by the round itself (sync-notices.ts).
    const { status, error } = outcome as Awaited<ReturnType<typeof syncPlaylists>>;
    useSyncStatus.setState((state) => ({
      lastStatus: status,
      lastError: error ?? null,
      lastSyncedAt: status === 'synced' ? Date.now() : state.lastSyncedAt,
    }));
    if (status === 'synced') {
      failures = 0;
      const pending = useSyncStatus.getState().pending ?? 0;
      schedule(pending > 0 ? 0 : IDLE_PULL_MS);
    } else if (status === 'throttled') {
      // The outbox stays as it is; the next round waits for the time the CMS asked for.
      failures += 1;
      const delay = throttledDelay(
        (outcome as Awaited<ReturnType<typeof syncPlaylists>>).retryAfterMs,
        failures,
      );
      notBefore = Date.now() + delay;
      schedule(delay);
    } else if (status !== 'unauthorized' && status !== 'refused') {
      // A 401 keeps the outbox until the same user signs in again (sync rule 5), and a refused
      // change waits for the teacher to change it: no retry loop for either.
      failures += 1;
      schedule(backoffDelay(failures));
    }
  }

  async function syncNow() {
    const wait = notBefore - Date.now();
    if (wait > 0) {
      // A write, the network coming back or Retry during the wait: sent when the wait ends.
      schedule(wait);
      return;
    }
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await round();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const onOnline = () => {
    failures = 0;
    void syncNow();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void syncNow();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  const stopAuth = onSessionChange(watchOutbox);
  const stopGuard = registerLogoutGuard(async () => {
    const user = readUser();
    const pending = user ? await pendingEditCount(String(user.id)) : 0;
    if (pending === 0) return null;
    return `${pending === 1 ? '1 playlist change has' : `${pending} playlist changes have`} not reached the server yet. They stay on this device and are sent when you log in again here.`;
  });

  watchOutbox(readSession());
  void syncNow();

  engine = {
    syncNow,
    stop() {
      window.clearTimeout(timer);
      window.clearTimeout(debounce);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      watching?.unsubscribe();
      stopAuth();
      stopGuard();
      engine = null;
    },
  };
  return engine;
}

/** 'Retry' in the sync indicator, and 'Sync now' before logging out. */
export function syncNow(): Promise<void> {
  return engine?.syncNow() ?? Promise.resolve();
}
