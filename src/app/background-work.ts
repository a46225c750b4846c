import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../lib/auth/auth-store';
import { removeAllDownloads, resumeDownloads, watchDownloadedAnswers } from '../lib/offline/download-manager';
import { forgetSyncedPlaylists } from '../lib/sync/local-writes';
import { startSyncEngine, syncNow } from '../lib/sync/sync-engine';

/**
 * What runs beside the screens: the playlist sync engine and the downloads. The providers load
 * this module after the first render, so IndexedDB code (Dexie) is not part of the first load.
 * Returns the function that stops it all.
 */
export function startBackgroundWork(queryClient: QueryClient): () => void {
  const engine = startSyncEngine(queryClient);
  resumeDownloads();
  const stopWatching = watchDownloadedAnswers();
  const stopListening = useAuthStore.subscribe((state, previous) => {
    if (state.authToken === previous.authToken && state.userRole === previous.userRole) return;
    // A shared school device keeps nothing of a teacher who logged out (but unsynced edits).
    if (!state.authToken && previous.user) {
      void forgetSyncedPlaylists(String(previous.user.id));
      void removeAllDownloads(String(previous.user.id));
    }
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
