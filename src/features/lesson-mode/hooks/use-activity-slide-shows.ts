import { useQueries } from '@tanstack/react-query';
import { activitySlideShowQueryOptions } from '../../../lib/lesson-content/activity-slide-show';
import { useOnline } from '../../../lib/ui/use-online';
import { unavailableReason } from '../model/availability';
import type { SlideShowsById, UnavailableById } from '../model/family-decks';

/**
 * The slideshows of a list of activities (a playlist's or a custom lesson's), one
 * ActivitySlideShow query each, shared with the single-activity routes' cache. An activity
 * whose query failed (offline and not saved here, or the CMS failed) is in `unavailable` with
 * the reason: the rest of the lesson still runs, and the overview says what is missing.
 */
export function useActivitySlideShows(
  ids: string[],
  enabled: boolean,
): { pending: boolean; slideshows: SlideShowsById; unavailable: UnavailableById } {
  const online = useOnline();
  const distinct = [...new Set(ids)];
  return useQueries({
    queries: distinct.map((id) => ({ ...activitySlideShowQueryOptions({ id }), enabled })),
    combine: (results) => {
      const slideshows = new Map(
        results.flatMap((result) =>
          result.data ? [[result.data.documentId, result.data] as const] : [],
        ),
      );
      // Offline, a failed first try is the answer: its retries wait for the network (paused).
      const failureOf = (result: (typeof results)[number]) =>
        result.data
          ? null
          : result.isError
            ? result.error
            : result.fetchStatus === 'paused' || !online
              ? result.failureReason
              : null;
      const unavailable = new Map(
        results.flatMap((result, index) => {
          const failure = failureOf(result);
          return failure ? [[distinct[index]!, unavailableReason(failure, online)] as const] : [];
        }),
      );
      const pending =
        enabled &&
        results.some(
          (result) => result.isPending && result.fetchStatus !== 'paused' && !failureOf(result),
        );
      return { pending, slideshows, unavailable };
    },
  });
}
