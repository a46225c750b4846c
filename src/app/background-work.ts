import { useAuthStore } from '../lib/auth/auth-store';
import { finishPendingPurge } from '../lib/auth/sign-out';
import { resumeDownloads, watchDownloadedAnswers } from '../lib/offline/download-manager';
import { startSyncEngine, syncNow } from '../lib/sync/sync-engine';
import { registerDownloadPlanBuilders } from './download-plan-builders';

/**
 * What runs beside the screens: the playlist sync engine and the downloads. The providers load
 * this module after the first render, so IndexedDB code (Dexie) is not part of the first load.
 * Returns the function that stops it all.
 */
export function startBackgroundWork(): () => void {
  // A sign-out whose purge a reload or a closed tab cut short is finished first.
  void finishPendingPurge();
  const engine = startSyncEngine();
  // Before the first resume: it may need to rebuild a plan without its page.
  registerDownloadPlanBuilders();
  resumeDownloads();
  const stopWatching = watchDownloadedAnswers();
  const stopListening = useAuthStore.subscribe((state, previous) => {
    if (state.authToken === previous.authToken && state.userRole === previous.userRole) return;
    // Signing out purges the device itself (src/lib/auth/sign-out).
    if (state.authToken && !previous.authToken) resumeDownloads();
    // Signing in (again) replays what this teacher left in the outbox (sync rule 5).
    if (state.authToken) void syncNow();
  });
  return () => {
    stopListening();
    engine.stop();
    stopWatching();
  };
}
