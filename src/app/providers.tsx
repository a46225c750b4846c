import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useState, type ReactNode } from 'react';
import { useAuthStore } from '../lib/auth/auth-store';
import { createQueryClient, measureCacheRestore, persistOptions } from '../lib/query/query-client';
import { removeAllDownloads, resumeDownloads, watchDownloadedAnswers } from '../lib/offline/download-manager';
import { forgetSyncedPlaylists } from '../lib/sync/local-writes';
import { startSyncEngine, syncNow } from '../lib/sync/sync-engine';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [options] = useState(persistOptions);

  // What the CMS answers depends on who asks (subscriber-only fields come back empty for others),
  // so a change of user or role refetches what is on screen. Signing out forgets the content the
  // user saw and keeps only the public shell and home answers, so the app still paints offline.
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (state.authToken === previous.authToken && state.userRole === previous.userRole) return;
        if (!state.authToken) queryClient.removeQueries({ predicate: (query) => query.meta?.persist !== true });
        void queryClient.invalidateQueries();
        // A shared school device keeps nothing of a teacher who logged out (but unsynced edits).
        if (!state.authToken && previous.user) {
          void forgetSyncedPlaylists(String(previous.user.id));
          void removeAllDownloads(String(previous.user.id));
        }
        if (state.authToken && !previous.authToken) resumeDownloads();
        // Signing in (again) replays what this teacher left in the outbox (sync rule 5).
        if (state.authToken) void syncNow();
      }),
    [queryClient],
  );

  useEffect(() => {
    const engine = startSyncEngine(queryClient);
    resumeDownloads();
    const stopWatching = watchDownloadedAnswers();
    return () => {
      engine.stop();
      stopWatching();
    };
  }, [queryClient]);

  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={options}
      // The restored copy paints at once; each restored query is then asked for afresh, so a
      // start never keeps showing an old (or bad) answer for the rest of its stale time.
      onSuccess={() => {
        measureCacheRestore();
        void queryClient.invalidateQueries({ predicate: (query) => query.meta?.persist === true });
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
