import { QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import {
  createPreviewQueryClient,
  createQueryClient,
  measureCacheRestore,
  persistOptions,
} from '../lib/query/query-client';
import { onSessionChange } from '../lib/session/session-storage';
import { onAudiencesGone } from '../lib/sync/audiences-gone';
import { useBackgroundWork } from './use-background-work';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [options] = useState(persistOptions);

  // What the CMS answers depends on who asks (subscriber-only fields come back empty for others),
  // so a change of user or role refetches what is on screen. Signing out forgets the content the
  // user saw and keeps only the public shell and home answers, so the app still paints offline.
  useEffect(
    () =>
      onSessionChange((session) => {
        if (!session.token)
          queryClient.removeQueries({ predicate: (query) => query.meta?.persist !== true });
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );

  // The sync found that the CMS no longer has an audience: the audience lists are asked for
  // again, and the fresh answer replaces the cached (and persisted) one.
  useEffect(
    () =>
      onAudiencesGone(() => {
        for (const queryKey of [['PlaylistPageContent'], ['AudiencesAndProgrammes']])
          void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient],
  );

  useBackgroundWork();

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

/**
 * An editor's preview (src/features/preview) reads through a query client of its own: never
 * persisted, and cleared when the preview closes. It is the preview route's layout, here with the
 * app's own provider: a preview chunk that rendered React Query's provider itself split it (and
 * 2 KB) out of the visitor's first load.
 */
export function PreviewQueries() {
  const [client] = useState(createPreviewQueryClient);
  useEffect(() => () => client.clear(), [client]);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
