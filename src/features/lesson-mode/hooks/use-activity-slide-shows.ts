import { useQueries } from '@tanstack/react-query';
import { activitySlideShowQueryOptions } from '../../../lib/lesson-content/activity-slide-show';
import type { SlideShowsById } from '../model/family-decks';

/**
 * The slideshows of a list of activities (a playlist's or a custom lesson's), one
 * ActivitySlideShow query each, shared with the single-activity routes' cache. An activity
 * whose query failed counts as one without slides: the rest of the lesson still runs.
 */
export function useActivitySlideShows(ids: string[], enabled: boolean): { pending: boolean; slideshows: SlideShowsById } {
  return useQueries({
    queries: [...new Set(ids)].map((id) => ({ ...activitySlideShowQueryOptions({ id }), enabled })),
    combine: (results) => {
      const slideshows = new Map(
        results.flatMap((result) => (result.data ? [[result.data.documentId, result.data] as const] : [])),
      );
      return { pending: enabled && results.some((result) => result.isPending && result.fetchStatus !== 'paused'), slideshows };
    },
  });
}
