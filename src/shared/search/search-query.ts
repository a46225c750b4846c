import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CmsError } from '../../lib/cms/errors';
import { REQUEST_TIMEOUT_STATUS } from '../../lib/cms/request-timeout';
import { readUser } from '../../lib/session/session-storage';
import { searchCms, type SearchAnswer, type SearchParams } from './search-cms';

/**
 * Online, the CMS searches the whole catalogue (and the teacher's own units), and this device adds
 * the teacher's playlists as it shows them; offline (or when the CMS cannot answer), this
 * device's own index answers (./device-search.ts, loaded only then) from what is stored here.
 */
export async function runSearch(params: SearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
  if (navigator.onLine) {
    try {
      const answer = await searchCms(params, signal);
      if (!readUser()) return answer;
      const { withOwnPlaylists } = await import('./device-search');
      return await withOwnPlaylists(answer, params);
    } catch (error) {
      // A search the CMS refused (too long) or a session it ended is said as such; a CMS that
      // could not answer (unreachable, too slow, failing) leaves it to the device.
      const unanswered =
        error instanceof CmsError &&
        (error.status === 0 || error.status === REQUEST_TIMEOUT_STATUS || error.status >= 500);
      if (!unanswered) throw error;
    }
  }
  const { searchDevice } = await import('./device-search');
  return searchDevice(params);
}

/** A search's answer; the previous one stays on screen while the next loads. */
export function useSearch(params: SearchParams, enabled = true) {
  const user = readUser()?.id ?? null;
  return useQuery({
    queryKey: ['search', user, params],
    queryFn: ({ signal }) => runSearch(params, signal),
    enabled: enabled && params.q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
