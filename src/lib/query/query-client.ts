import { QueryClient, type Query } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { APP_VERSION } from '../config';
import { CmsError } from '../cms/errors';
import { cachePartitionId } from '../session/session-storage';
import { STORAGE_KEYS } from '../storage-keys';

/** Local storage key of the persisted query cache (it leaves with the session at sign-out). */
const PERSISTED_CACHE_KEY = STORAGE_KEYS.queryCache;

const DAY = 24 * 60 * 60 * 1000;

/** Performance marks around the cold-start restore (read by bench/offline.mjs). */
const RESTORE_START_MARK = 'query-cache-restore-start';
export const RESTORE_MEASURE = 'query-cache-restore';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Long enough for the persisted copy to paint a cold start days later.
        gcTime: 7 * DAY,
        // The network comes and goes: answer from cache first, refetch when it returns.
        networkMode: 'offlineFirst',
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof CmsError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/**
 * Only small, useful queries are persisted (they opt in with `meta: { persist: true }`): local
 * storage is synchronous and holds about 5 MB. Lessons and slides go to Dexie instead.
 */
export function shouldPersistQuery(query: Query): boolean {
  return query.meta?.persist === true && query.state.status === 'success';
}

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  // TanStack's persister for any storage: local storage reads and writes synchronously, which the
  // async persister takes as it is (the sync persister is deprecated upstream).
  const persister = createAsyncStoragePersister({
    storage: window.localStorage,
    key: PERSISTED_CACHE_KEY,
    throttleTime: 500,
  });
  return {
    persister: {
      ...persister,
      restoreClient: () => {
        performance.mark(RESTORE_START_MARK);
        return persister.restoreClient();
      },
    },
    maxAge: 7 * DAY,
    // A new build or another user must never paint from this cache.
    buster: `${APP_VERSION}:${cachePartitionId()}`,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}

/** Called once the persisted cache is back in the query client: read, parsed and hydrated. */
export function measureCacheRestore(): void {
  try {
    performance.measure(RESTORE_MEASURE, RESTORE_START_MARK);
  } catch {
    // No restore started (nothing persisted for this build and user): nothing to measure.
  }
}

/**
 * A query client of its own for an editor's preview (src/features/preview): never persisted, and
 * its answers go with the preview.
 */
export function createPreviewQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // An editor switching back from the admin after saving sees the new draft.
      queries: { staleTime: 0, gcTime: 60_000, refetchOnWindowFocus: 'always', retry: false },
    },
  });
}
