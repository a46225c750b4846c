import { registerLogoutGuard } from '../auth/logout';
import { onSessionChange, readSession, readToken, readUser } from '../session/session-storage';
import { replayUnderLock } from './locked-replay';
import { nextRound, recordOutcome } from './next-round';
import { oneAtATime } from './one-at-a-time';
import { watchOutbox } from './outbox-watcher';
import { cmsPlaylistApi, type PlaylistApi } from './playlist-api';
import { useSyncStatus } from './sync-status-store';
import { unsentChangesWarning } from './unsent-changes-warning';

interface Engine {
  syncNow: () => Promise<void>;
  stop: () => void;
}

let engine: Engine | null = null;

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
  /** After a 429, no request before this time, whatever asks for a sync (the CMS named the wait). */
  let notBefore = 0;
  const outbox = watchOutbox(() => void syncNow());

  const schedule = (delay: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void syncNow(), delay);
  };

  async function round() {
    const user = readUser();
    if (!user || !readToken()) return;
    if (!navigator.onLine) {
      useSyncStatus.setState({ lastStatus: 'offline' });
      return;
    }
    const outcome = await replayUnderLock(String(user.id), api);
    if (!outcome) {
      // Another tab is replaying; it will broadcast when done.
      schedule(5_000);
      return;
    }
    recordOutcome(outcome);
    const next = nextRound(outcome, failures);
    failures = next.failures;
    if (next.delay === null) return;
    if (next.throttled) notBefore = Date.now() + next.delay;
    schedule(next.delay);
  }
  const rounds = oneAtATime(round);

  async function syncNow() {
    const wait = notBefore - Date.now();
    if (wait > 0) {
      // A write, the network coming back or Retry during the wait: sent when the wait ends.
      schedule(wait);
      return;
    }
    return rounds();
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
  const stopAuth = onSessionChange(outbox.follow);
  // A guard of its own, so a stale engine's stop never removes this one's.
  const stopGuard = registerLogoutGuard(() => unsentChangesWarning());

  outbox.follow(readSession());
  void syncNow();

  engine = {
    syncNow,
    stop() {
      window.clearTimeout(timer);
      outbox.stop();
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
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
