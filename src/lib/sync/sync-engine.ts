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
 * One engine's rounds: a round replays the outbox when a user is signed in and online, then waits
 * as the outcome says (backoff while it keeps failing, the CMS's named wait after a 429). Rounds
 * never overlap, and during a 429's wait a request for a sync is sent when the wait ends.
 */
function syncRounds(api: PlaylistApi) {
  let failures = 0;
  let timer: number | undefined;
  /** After a 429, no request before this time, whatever asks for a sync (the CMS named the wait). */
  let notBefore = 0;

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

  return {
    syncNow,
    /** The network came back: the backoff starts again from its first wait. */
    forgetFailures() {
      failures = 0;
    },
    /** The engine stops: no round is left waiting on the timer. */
    cancel() {
      window.clearTimeout(timer);
    },
  };
}

/**
 * Syncs when the network returns (with the backoff started afresh) and when the page becomes
 * visible. Returns what stops listening.
 */
function syncOnReturn(rounds: ReturnType<typeof syncRounds>): () => void {
  const onOnline = () => {
    rounds.forgetFailures();
    void rounds.syncNow();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void rounds.syncNow();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
  };
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
  const rounds = syncRounds(api);
  const outbox = watchOutbox(() => void rounds.syncNow());
  const stopReturns = syncOnReturn(rounds);
  const stopAuth = onSessionChange(outbox.follow);
  // A guard of its own, so a stale engine's stop never removes this one's.
  const stopGuard = registerLogoutGuard(() => unsentChangesWarning());

  outbox.follow(readSession());
  void rounds.syncNow();

  engine = {
    syncNow: rounds.syncNow,
    stop() {
      rounds.cancel();
      outbox.stop();
      stopReturns();
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
