import type { QueryClient } from '@tanstack/react-query';
import { registerLogoutGuard } from '../auth/logout';
import { PLAYLISTS_KEY } from '../playlists/playlist-queries';
import { readToken, readUser } from '../session/session-storage';
import { backoffDelay } from './backoff';
import { onLocalWrite, pendingEditCount } from './local-writes';
import { cmsPlaylistApi, type PlaylistApi } from './playlist-api';
import { syncPlaylists } from './replay';
import { useSyncStatus } from './sync-status-store';

const LOCK_NAME = 'music-classroom-playlist-sync';
const CHANNEL_NAME = 'music-classroom-playlists';
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
 * with exponential backoff while it keeps failing. One tab replays at a time (Web Locks); the
 * others hear about changes over a BroadcastChannel and refresh. It never needs Background Sync.
 */
export function startSyncEngine(queryClient: QueryClient, api: PlaylistApi = cmsPlaylistApi): Engine {
  engine?.stop();
  const channel = 'BroadcastChannel' in window ? new BroadcastChannel(CHANNEL_NAME) : null;
  let failures = 0;
  let timer: number | undefined;
  let debounce: number | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const refresh = async () => {
    const user = readUser();
    const pending = user ? await pendingEditCount(String(user.id)) : 0;
    useSyncStatus.setState({ pending, online: navigator.onLine });
    await queryClient.invalidateQueries({ queryKey: PLAYLISTS_KEY });
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
      useSyncStatus.setState({ online: false, lastStatus: 'offline' });
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
    channel?.postMessage({ type: 'synced' });
    await refresh();
    if (status === 'synced') {
      failures = 0;
      const pending = useSyncStatus.getState().pending ?? 0;
      schedule(pending > 0 ? 0 : IDLE_PULL_MS);
    } else if (status !== 'unauthorized' && status !== 'refused') {
      // A 401 keeps the outbox until the same user signs in again (sync rule 5), and a refused
      // change waits for the teacher to change it: no retry loop for either.
      failures += 1;
      schedule(backoffDelay(failures));
    }
  }

  async function syncNow() {
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
    useSyncStatus.setState({ online: true });
    failures = 0;
    void syncNow();
  };
  const onOffline = () => useSyncStatus.setState({ online: false });
  const onVisible = () => {
    if (document.visibilityState === 'visible') void syncNow();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  if (channel) channel.onmessage = () => void refresh();
  const stopWrites = onLocalWrite(() => {
    channel?.postMessage({ type: 'local-write' });
    void refresh();
    window.clearTimeout(debounce);
    debounce = window.setTimeout(() => void syncNow(), WRITE_DEBOUNCE_MS);
  });
  const stopGuard = registerLogoutGuard(async () => {
    const user = readUser();
    const pending = user ? await pendingEditCount(String(user.id)) : 0;
    if (pending === 0) return null;
    return `${pending === 1 ? '1 playlist change has' : `${pending} playlist changes have`} not reached the server yet. They stay on this device and are sent when you log in again here.`;
  });

  void refresh();
  void syncNow();

  engine = {
    syncNow,
    stop() {
      window.clearTimeout(timer);
      window.clearTimeout(debounce);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      channel?.close();
      stopWrites();
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
