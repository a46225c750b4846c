import { format, isValid, parseISO } from 'date-fns';
import { webLink } from '../../../lib/content/web-link';

/** An event of the orchestra's WordPress events feed, as much of it as the live home uses. */
export interface FeedEvent {
  id: number;
  link?: string;
  title?: { rendered?: string };
  acf?: {
    event_start_date?: string;
    event_end_date?: string;
    venue_short?: string;
    also_shown_at?: string;
  };
  _links?: { 'wp:featuredmedia'?: { href?: string }[] };
}

export interface LiveEvent {
  id: number;
  title: string;
  link: string | null;
  start: Date;
  venue: string | null;
  alsoShownAt: string | null;
  mediaHref: string | null;
}

/** The spec's text when the feed cannot be read (part 2, section 8). */
export const EVENTS_ERROR = 'Error fetching or processing live event data';

/**
 * The feed's events that can be shown (a title and a valid start date), soonest first. The
 * feed is another site's: anything malformed is dropped rather than trusted; a body that is not a
 * list is an error. Titles are WordPress-rendered HTML; entities are decoded as text, never HTML.
 */
export function toLiveEvents(body: unknown, feedUrl: string): LiveEvent[] {
  if (!Array.isArray(body)) throw new Error(EVENTS_ERROR);
  const events: LiveEvent[] = [];
  for (const item of body as FeedEvent[]) {
    const title = decodeEntities(item?.title?.rendered ?? '').trim();
    const start = item?.acf?.event_start_date ? parseISO(item.acf.event_start_date) : null;
    if (!title || !start || !isValid(start)) continue;
    const mediaHref = item._links?.['wp:featuredmedia']?.[0]?.href;
    events.push({
      id: item.id,
      title,
      link: webLink(item.link),
      start,
      venue: item.acf?.venue_short?.trim() || null,
      alsoShownAt: item.acf?.also_shown_at?.trim() || null,
      mediaHref: mediaHref ? new URL(mediaHref, feedUrl).href : null,
    });
  }
  return events.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The medium_large image of a WordPress media answer (falling back to the full size). */
export function mediumLargeUrl(body: unknown, mediaUrl: string): string | null {
  const details =
    (body as {
      media_details?: { sizes?: Record<string, { source_url?: string }> };
      source_url?: string;
    } | null) ?? null;
  const url = details?.media_details?.sizes?.medium_large?.source_url ?? details?.source_url;
  return url ? new URL(url, mediaUrl).href : null;
}

/** 'iii d MMM yyyy' and 'haaa' (spec part 2, section 9): 'Sat 5 Dec 2026', '3pm'. */
export function eventDate(start: Date): string {
  return format(start, 'iii d MMM yyyy');
}

export function eventTime(start: Date): string {
  return format(start, 'haaa');
}

function decodeEntities(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent;
  return text ?? '';
}
