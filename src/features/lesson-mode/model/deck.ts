import type { ActivityNotes } from '../../../lib/lesson-content/activity-notes';
import type { ActivitySlide, SlideShowData } from '../../../lib/lesson-content/slide-fields';

/**
 * The one model every route family becomes (lesson, single activity, playlist, custom unit):
 * a titled list of activities and section dividers. Navigation and rendering only ever see a
 * Deck, so each family is a small adapter from its CMS or Dexie shape into it.
 */
export interface DeckActivity {
  kind: 'activity';
  /** What names the entry in the URL: the activity's documentId, or the playlist item number. */
  key: string;
  title: string;
  slides: ActivitySlide[];
  /** A playlist audio item shown as one audio slide. */
  audio?: boolean;
  /**
   * Why this activity's slides cannot be shown (not saved on this device, the CMS failed, a
   * subscription is needed, it has no slides). It is listed with the reason rather than dropped,
   * and navigation skips it.
   */
  unavailable?: string;
  /** The way on for this one activity, in place of the deck's `unavailableLink`. */
  link?: { label: string; path: string };
  /** The teaching notes the presenter view shows, as far as the slides' answer has them. */
  notes?: Partial<ActivityNotes>;
}

export interface DeckDivider {
  kind: 'divider';
  title: string;
}

export type DeckEntry = DeckActivity | DeckDivider;

export interface Deck {
  title: string;
  /** Where 'Exit lesson mode' goes: the lesson, activity or playlist page. */
  exitPath: string;
  /** Lesson mode's own root for this deck (ends in /slides): the overview, when there is one. */
  basePath: string;
  /** Lesson and playlist decks name the entry in the URL and have an overview; one activity does not. */
  keyed: boolean;
  entries: DeckEntry[];
  /**
   * Where a listed activity that cannot be shown now leads, and the link's words: the page
   * that can make it available (a playlist's page offers its download). Decks that never
   * list one leave it out.
   */
  unavailableLink?: { label: string; path: string };
}

export interface DeckPaths {
  exitPath: string;
  basePath: string;
}

/** Spec part 2, section 3: a slide with include_in_lesson false is left out of lesson mode. */
export function lessonSlides(
  slideshow: Pick<SlideShowData, 'activity_slides'> | null | undefined,
): ActivitySlide[] {
  return (slideshow?.activity_slides ?? []).filter((slide) => slide.include_in_lesson !== false);
}

/**
 * Drops activities without slides (spec: "Activities with no slides are hidden") and then any
 * divider left heading nothing, so the overview never shows an empty section.
 */
export function withoutEmptyEntries(entries: DeckEntry[]): DeckEntry[] {
  const shown = entries.filter(
    (entry) => entry.kind === 'divider' || entry.slides.length > 0 || entry.unavailable,
  );
  return shown.filter(
    (entry, index) => entry.kind === 'activity' || shown[index + 1]?.kind === 'activity',
  );
}

/** The activities a class can move through: listed ones that cannot be shown now are skipped. */
export function deckActivities(deck: Pick<Deck, 'entries'>): DeckActivity[] {
  return deck.entries.filter(
    (entry): entry is DeckActivity => entry.kind === 'activity' && !entry.unavailable,
  );
}

/** The teaching notes out of an activity's answer (which holds its slides and more). */
export function notesOf(
  activity: Partial<ActivityNotes> | null | undefined,
): Partial<ActivityNotes> | undefined {
  if (!activity) return undefined;
  const { time, music, equipment, lesson_summary, teaching_option } = activity;
  return { time, music, equipment, lesson_summary, teaching_option };
}

/** An audio file shown as one slide (a playlist's audio item). */
export function audioSlide(
  id: string,
  title: string,
  url: string,
  caption?: string | null,
): ActivitySlide {
  return {
    id,
    include_in_lesson: true,
    title,
    slide_template: 'audio',
    slide_text: null,
    secondary_slide_text: null,
    videos: [],
    sub_slides2: [],
    main_image: null,
    secondary_image: null,
    audio: { url, caption: caption ?? null, name: title },
    secondary_audio: null,
    secondary_video: null,
    audiocards: [],
    flipcards: [],
    left_column: null,
    right_column: null,
  };
}
