import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVENTS_FEED_URL } from '../../../lib/config';
import { EVENTS_ERROR, mediumLargeUrl, toLiveEvents, type LiveEvent } from '../utils/live-events';

export interface LiveEventWithImage extends LiveEvent {
  image: string | null;
}

async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(EVENTS_ERROR);
  return response.json();
}

/**
 * The upcoming live events from the orchestra's events feed, then each event's featured media
 * for its medium_large image (spec part 2, section 7, "Other"). A missing image leaves the event
 * without one; a feed that cannot be read is an error the page shows in its own place.
 */
export async function fetchLiveEvents(signal: AbortSignal): Promise<LiveEventWithImage[]> {
  const feedUrl = new URL(EVENTS_FEED_URL, window.location.origin).href;
  const events = toLiveEvents(await getJson(feedUrl, signal), feedUrl);
  return Promise.all(
    events.map(async (event) => {
      if (!event.mediaHref) return { ...event, image: null };
      try {
        return {
          ...event,
          image: mediumLargeUrl(await getJson(event.mediaHref, signal), event.mediaHref),
        };
      } catch {
        return { ...event, image: null };
      }
    }),
  );
}

export function liveEventsQueryOptions() {
  return queryOptions({
    queryKey: ['LiveEventsFeed'],
    queryFn: ({ signal }) => fetchLiveEvents(signal),
    staleTime: 15 * 60_000,
  });
}

export function useLiveEvents() {
  return useQuery(liveEventsQueryOptions());
}
