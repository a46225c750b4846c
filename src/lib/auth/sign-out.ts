import { ANONYMOUS_PARTITION, deleteCachedAnswers, sessionPartition } from '../graphql-cache-key';
import { readToken, readUser } from '../session/session-storage';
import { forgetAllSnapshots } from '../offline/snapshot-cover';
import { postToWorker } from '../sw-bridge';
import { CACHE_NAMES, STORAGE_KEYS } from '../storage-keys';
import { useAuthStore } from './auth-store';

/**
 * Why a session ends: the teacher chose Log Out, or the CMS answered 401 (an expired token, a
 * rotated secret, a password changed elsewhere).
 */
export type SignOutReason = 'logout' | 'unauthorized';

/**
 * A purge that has not finished yet, kept in local storage (beside the session, which has just
 * gone) so that a reload or a closed tab cannot leave a teacher's data behind: the next start
 * finishes it.
 */
const PENDING_PURGE_KEY = STORAGE_KEYS.pendingPurge;

/**
 * What a 401 did, for the page it reloads to: the teacher is told the session ended, what left
 * the device and what was kept (written after the session's keys were removed).
 */
const SESSION_ENDED_KEY = STORAGE_KEYS.sessionEnded;

export interface SessionEndedSummary {
  /** Downloads removed from this device; null when the purge was still running at the reload. */
  downloadsRemoved: number | null;
  /** Playlists whose unsynced changes are kept for this teacher's next sign-in. */
  playlistsKept: number | null;
}

/** A 401 reloads the page once the purge is done, or after this long at most. */
const UNAUTHORIZED_PURGE_WAIT_MS = 5_000;

let ending: Promise<void> | null = null;

/**
 * The one way a session ends, for Log Out and for a 401 alike, as school devices are shared:
 * the pages and first slides the worker paints before the app runs go first (another tab
 * restarts when the session leaves, and the worker would paint it this teacher's page); then the
 * session leaves local storage, so nothing else is asked with its token; then everything else
 * this teacher left on the device goes (downloaded lessons and their media, synced playlists, the
 * worker's cached answers and media, the snapshots again in case one was being kept meanwhile);
 * then home. Playlist edits the CMS has not confirmed stay, with their outbox, for this teacher's
 * next sign-in (sync rule 5). A 401 reloads to the home page (spec part 1, section 4); Log Out
 * navigates there.
 */
export function signOut(reason: SignOutReason, navigate?: (path: string) => void): Promise<void> {
  if (ending) return ending;
  ending = (async () => {
    // A failure here is not the end of it: the purge below deletes them again, and a purge
    // left unfinished is finished at the next start.
    await forgetAllSnapshots().catch(() => undefined);
    const userId = readUser()?.id;
    const token = readToken();
    useAuthStore.getState().logout();
    // Answers already on their way with this token (a background check in flight) would
    // otherwise be stored by the worker after the purge below: it is told to keep nothing more.
    if (token)
      void sessionPartition(token).then((partition) =>
        postToWorker({ type: 'SESSION_ENDED', partition }),
      );
    if (userId !== undefined) localStorage.setItem(PENDING_PURGE_KEY, String(userId));
    const purge = purgeDevice(userId === undefined ? null : String(userId));
    if (reason === 'unauthorized') {
      const unfinished: SessionEndedSummary = { downloadsRemoved: null, playlistsKept: null };
      const summary = await Promise.race([
        purge,
        new Promise<SessionEndedSummary>((done) =>
          setTimeout(() => done(unfinished), UNAUTHORIZED_PURGE_WAIT_MS),
        ),
      ]);
      localStorage.setItem(SESSION_ENDED_KEY, JSON.stringify(summary));
      window.location.assign('/');
      return;
    }
    navigate?.('/');
    await purge;
  })().finally(() => {
    ending = null;
  });
  return ending;
}

/** At start: finishes a purge that a reload or a closed tab interrupted. */
export async function finishPendingPurge(): Promise<void> {
  const userId = localStorage.getItem(PENDING_PURGE_KEY);
  if (userId !== null) await purgeDevice(userId);
}

/** Whether a sign-out's purge is still to finish on this device (its data must still go). */
export function hasPendingPurge(): boolean {
  return localStorage.getItem(PENDING_PURGE_KEY) !== null;
}

/** The teacher has been told what the last 401 did (or signed in again): the news goes. */
export function forgetSessionEnded(): void {
  localStorage.removeItem(SESSION_ENDED_KEY);
}

/** What the last 401 did, if the teacher has not been told yet. */
export function readSessionEnded(): SessionEndedSummary | null {
  try {
    const stored = JSON.parse(
      localStorage.getItem(SESSION_ENDED_KEY) ?? 'null',
    ) as SessionEndedSummary | null;
    return stored && typeof stored === 'object' ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Removes what a signed-out teacher left on this device. Each step runs even if another fails;
 * the pending mark goes only when all succeeded. Dexie's code is loaded here, not with the page.
 */
async function purgeDevice(userId: string | null): Promise<SessionEndedSummary> {
  const caches = purgeSessionCaches();
  const playlists =
    userId === null
      ? Promise.resolve(0)
      : import('../sync/local-writes').then(({ forgetSyncedPlaylists }) =>
          forgetSyncedPlaylists(userId),
        );
  const downloads =
    userId === null
      ? Promise.resolve(0)
      : import('../offline/download-manager').then(({ removeAllDownloads }) =>
          removeAllDownloads(userId),
        );
  const [cachesDone, playlistsKept, downloadsRemoved] = await Promise.allSettled([
    caches,
    playlists,
    downloads,
  ]);
  const failed = [cachesDone, playlistsKept, downloadsRemoved].find(
    (result) => result.status === 'rejected',
  );
  if (failed)
    console.warn(
      'Sign-out: part of the purge failed; it is tried again at the next start',
      failed.reason,
    );
  else if (localStorage.getItem(PENDING_PURGE_KEY) === userId)
    localStorage.removeItem(PENDING_PURGE_KEY);
  return {
    downloadsRemoved: downloadsRemoved.status === 'fulfilled' ? downloadsRemoved.value : null,
    playlistsKept: playlistsKept.status === 'fulfilled' ? playlistsKept.value : null,
  };
}

/**
 * The worker's caches of signed-in answers: the first slides and pages painted before the app
 * runs (first, as the worker serves them to any start), every session partition of the GraphQL cache (only
 * the anonymous one, public answers, stays) and the runtime media cache, which holds what the
 * teacher viewed online, subscriber slides included. Downloaded media go with their downloads.
 */
export async function purgeSessionCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await forgetAllSnapshots();
  await deleteCachedAnswers((partition) => partition !== ANONYMOUS_PARTITION);
  await caches.delete(CACHE_NAMES.mediaRuntime);
}
