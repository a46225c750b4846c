import type { ActivitySlide, SubSlide } from '../../../lib/lesson-content/slide-fields';
import { deckActivities, type Deck, type DeckActivity } from './deck';
import type { SlideParams } from './route-family';
import { countOf } from '../../../lib/text/count';

/**
 * Where the URL points in a deck. Never throws: a missing entry is 'missing-entry' (a clear
 * not-found with a way back), a missing or bad slide number is slide 1.
 */
export type Position =
  | { kind: 'overview' }
  | { kind: 'missing-entry' }
  | { kind: 'no-slides' }
  /** A listed activity whose slides cannot be shown now (DeckActivity.unavailable says why). */
  | { kind: 'unavailable'; activity: DeckActivity }
  | {
      kind: 'slide';
      activity: DeckActivity;
      /** Index among the deck's activities (dividers not counted). */
      activityIndex: number;
      /** 0-based. */
      slideIndex: number;
      slide: ActivitySlide;
      /** The sub-slideshow the URL opens, only when it is one of this slide's sub-slides. */
      sub: { slideshowId: string; title: string; param: string | undefined } | null;
    };

/** Spec part 2, section 9: slides are numbered from 1; anything else (or too big) is slide 1. */
export function slideIndexFrom(value: string | undefined, count: number): number {
  if (value === undefined || !/^\d+$/.test(value)) return 0;
  const number = Number(value);
  return number >= 1 && number <= count ? number - 1 : 0;
}

/** Spec part 2, section 5: a sub-slide is used only when its id matches the param. */
export function matchSubSlide(
  slide: Pick<ActivitySlide, 'sub_slides2'>,
  id: string | undefined,
): SubSlide | null {
  if (!id) return null;
  return (slide.sub_slides2 ?? []).find((sub) => sub.activity_slideshow?.documentId === id) ?? null;
}

export function resolvePosition(deck: Deck, params: SlideParams): Position {
  const activities = deckActivities(deck);
  let activityIndex = 0;
  if (deck.keyed) {
    if (params.entry === undefined) return { kind: 'overview' };
    const listed = deck.entries.find(
      (entry) => entry.kind === 'activity' && entry.key === params.entry,
    );
    if (listed?.kind === 'activity' && listed.unavailable)
      return { kind: 'unavailable', activity: listed };
    activityIndex = activities.findIndex((activity) => activity.key === params.entry);
    if (activityIndex < 0) return { kind: 'missing-entry' };
  }
  const activity = activities[activityIndex];
  if (!activity || activity.slides.length === 0) return { kind: 'no-slides' };
  const slideIndex = slideIndexFrom(params.slide, activity.slides.length);
  const slide = activity.slides[slideIndex]!;
  const sub = matchSubSlide(slide, params.subslideshow);
  return {
    kind: 'slide',
    activity,
    activityIndex,
    slideIndex,
    slide,
    sub: sub?.activity_slideshow
      ? {
          slideshowId: sub.activity_slideshow.documentId,
          title: sub.activity_slideshow.title,
          param: params.subslide,
        }
      : null,
  };
}

/** The path of a slide (1-based number), and of a sub-slideshow's slide under it. */
export function slidePath(
  deck: Pick<Deck, 'basePath' | 'keyed'>,
  entryKey: string,
  slideNumber: number,
  sub?: { slideshowId: string; slideNumber: number },
): string {
  const main = deck.keyed
    ? `${deck.basePath}/${encodeURIComponent(entryKey)}/${slideNumber}`
    : `${deck.basePath}/${slideNumber}`;
  return sub ? `${main}/${encodeURIComponent(sub.slideshowId)}/${sub.slideNumber}` : main;
}

/**
 * The parameters of a path `slidePath` made for this deck (the inverse of it, as the router
 * would read them); null for a path outside the deck.
 */
export function slideParamsOf(
  deck: Pick<Deck, 'basePath' | 'keyed'>,
  path: string,
): SlideParams | null {
  if (!path.startsWith(`${deck.basePath}/`)) return null;
  const parts = path
    .slice(deck.basePath.length + 1)
    .split('/')
    .map(decodeURIComponent);
  const [entry, ...rest] = deck.keyed ? parts : [undefined, ...parts];
  const [slide, subslideshow, subslide] = rest;
  if (rest.length < 1 || rest.length > 3 || parts.includes('')) return null;
  return { entry, slide, subslideshow, subslide };
}

/** Where every control of the slide viewer goes from here; null where there is nowhere to go. */
export interface SlideLinks {
  previous: string | null;
  next: string | null;
  first: string;
  last: string;
  /** Only at the first slide: the previous activity's last slide. */
  previousActivity: string | null;
  /** Only at the last slide: the next activity's first slide. */
  nextActivity: string | null;
  /** In a sub-slideshow: the main slide it was opened from. */
  mainSlide: string | null;
}

/**
 * Spec part 2, "Lesson mode": move by one with no wrap-around; at the ends the previous or
 * next activity applies. Inside a sub-slideshow the moves stay inside it (`subCount` slides,
 * `subIndex` the current one) and 'Back to the main activity' returns to the main slide.
 */
export function slideLinks(
  deck: Deck,
  position: Extract<Position, { kind: 'slide' }>,
  subIndex = 0,
  subCount = 0,
): SlideLinks {
  const { activity, activityIndex, slideIndex } = position;
  const main = (number: number) => slidePath(deck, activity.key, number);
  if (position.sub) {
    const sub = (number: number) =>
      slidePath(deck, activity.key, slideIndex + 1, {
        slideshowId: position.sub!.slideshowId,
        slideNumber: number,
      });
    const last = Math.max(subCount, 1);
    return {
      previous: subIndex > 0 ? sub(subIndex) : null,
      next: subIndex < last - 1 ? sub(subIndex + 2) : null,
      first: sub(1),
      last: sub(last),
      previousActivity: null,
      nextActivity: null,
      mainSlide: main(slideIndex + 1),
    };
  }
  const activities = deckActivities(deck);
  const count = activity.slides.length;
  const before = activities[activityIndex - 1];
  const after = activities[activityIndex + 1];
  return {
    previous: slideIndex > 0 ? main(slideIndex) : null,
    next: slideIndex < count - 1 ? main(slideIndex + 2) : null,
    first: main(1),
    last: main(count),
    previousActivity:
      slideIndex === 0 && before ? slidePath(deck, before.key, before.slides.length) : null,
    nextActivity: slideIndex === count - 1 && after ? slidePath(deck, after.key, 1) : null,
    mainSlide: null,
  };
}

/** The slide a 'next' move shows, for preloading its media (the next activity's first at the end). */
export function upcomingSlide(
  deck: Deck,
  position: Extract<Position, { kind: 'slide' }>,
): ActivitySlide | null {
  const next = position.activity.slides[position.slideIndex + 1];
  if (next) return next;
  return deckActivities(deck)[position.activityIndex + 1]?.slides[0] ?? null;
}

/** Spec part 2: cards show the slide count as 'slide' or 'slides'. */
export function slideCountLabel(count: number): string {
  return countOf(count, 'slide');
}
