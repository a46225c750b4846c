import { QueryClient, type Query } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type {
  PersistedClient,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { APP_VERSION } from '../config';
import { CmsError } from '../cms/errors';
import { forgetPageSnapshots } from '../offline/page-snapshot';
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

/** The answers a persisted cache holds, by query, without when they were fetched. */
function answersOf(client: PersistedClient | undefined): Map<string, string> {
  return new Map(
    (client?.clientState.queries ?? []).map((query) => [
      query.queryHash,
      JSON.stringify(query.state.data),
    ]),
  );
}

/** Whether an answer `before` held is changed or gone in `after` (one added changes nothing drawn). */
function changedAnswers(before: Map<string, string>, after: Map<string, string>): boolean {
  for (const [hash, data] of before) if (after.get(hash) !== data) return true;
  return false;
}

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  // TanStack's persister for any storage: local storage reads and writes synchronously, which the
  // async persister takes as it is (the sync persister is deprecated upstream).
  const persister = createAsyncStoragePersister({
    storage: window.localStorage,
    key: PERSISTED_CACHE_KEY,
    throttleTime: 500,
  });
  // A page painted from its snapshot was drawn from these answers (src/lib/offline/page-snapshot.ts):
  // when one of them changes or goes, every page snapshot goes.
  let persistedAnswers = answersOf(undefined);
  return {
    persister: {
      ...persister,
      persistClient: (client) => {
        const answers = answersOf(client);
        if (changedAnswers(persistedAnswers, answers))
          void forgetPageSnapshots().catch(() => undefined);
        persistedAnswers = answers;
        return persister.persistClient(client);
      },
      restoreClient: async () => {
        performance.mark(RESTORE_START_MARK);
        const client = await persister.restoreClient();
        persistedAnswers = answersOf(client);
        return client;
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
