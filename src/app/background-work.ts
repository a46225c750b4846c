import { liveQuery } from 'dexie';
import { finishPendingPurge } from '../lib/auth/sign-out';
import { db } from '../lib/db/database';
import { onSessionChange } from '../lib/session/session-storage';
import { startSyncEngine, syncNow } from '../lib/sync/sync-engine';
import { registerDownloadPlanBuilders } from './download-plan-builders';

type DownloadManager = typeof import('../lib/offline/download-manager');

/**
 * Downloads are kept per device, so a teacher's first visit on a device has none: the download
 * manager's code loads once a download record exists (one started here, or found at start), not
 * with every teacher's first page. Returns the function that stops it.
 */
function startDownloadsOnceAny(loaded: (manager: DownloadManager) => void): () => void {
  let stopped = false;
  let loading = false;
  let stopWatching: (() => void) | null = null;
  const records = liveQuery(() => db.downloads.limit(1).count()).subscribe({
    next: (count) => {
      if (count === 0 || loading) return;
      loading = true;
      void import('../lib/offline/download-manager').then(
        (manager) => {
          if (stopped) return;
          manager.resumeDownloads();
          stopWatching = manager.watchDownloadedAnswers();
          loaded(manager);
        },
        // Not loaded (the page is being left): the next change to the downloads asks again.
        () => {
          loading = false;
        },
      );
    },
    // No IndexedDB (a private window in an old browser): nothing was downloaded to carry on.
    error: () => undefined,
  });
  return () => {
    stopped = true;
    records.unsubscribe();
    stopWatching?.();
  };
}

/**
 * The CMS's key for lesson files, learnt while online so a file can be checked offline later
 * (quiet offline: the key learnt before stays).
 */
function learnSigningKey(): void {
  if (!navigator.onLine) return;
  void import('../lib/lesson-files/signing-key')
    .then(({ learnSigningKeyOnce }) => learnSigningKeyOnce())
    .catch(() => undefined);
}

/**
 * What runs beside the screens: the playlist sync engine and the downloads. The providers load
 * this module only on a device that needs it (src/app/use-background-work), after the first
 * render, so IndexedDB code (Dexie) is never part of a visitor's load. Returns the function that
 * stops it all.
 */
export function startBackgroundWork(): () => void {
  // A sign-out whose purge a reload or a closed tab cut short is finished first.
  void finishPendingPurge();
  const engine = startSyncEngine();
  // Before the first resume: it may need to rebuild a plan without its page.
  registerDownloadPlanBuilders();
  let downloads: DownloadManager | null = null;
  const stopDownloads = startDownloadsOnceAny((manager) => {
    downloads = manager;
  });
  learnSigningKey();
  const stopListening = onSessionChange((session, previous) => {
    // Signing out purges the device itself (src/lib/auth/sign-out).
    if (session.token && !previous.token) downloads?.resumeDownloads();
    if (session.token && !previous.token) learnSigningKey();
    // Signing in (again) replays what this teacher left in the outbox (sync rule 5).
    if (session.token) void syncNow();
  });
  return () => {
    stopListening();
    engine.stop();
    stopDownloads();
  };
}
