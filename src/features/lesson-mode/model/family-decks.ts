import type { PlaylistRecord } from '../../../lib/db/database';
import { playlistItemPage } from '../../../lib/playlists/item-link';
import { isAudioItemDetails } from '../../../lib/playlists/playlist-queries';
import type { ActivitySlideShowData } from '../../../lib/lesson-content/activity-slide-show';
import type { CustomLessonSlideShowData } from '../api/custom-lesson-slide-show';
import type { LessonSlideShowData } from '../../../lib/lesson-content/lesson-slide-show';
import { lessonActivities, lessonsForStrands } from '../../../lib/content/custom-plan';
import {
  NO_LONGER_AVAILABLE,
  NO_SLIDES,
  SUBSCRIBE_LINK,
  SUBSCRIPTION_NEEDED,
  activityPageLink,
  unavailableLink,
} from './availability';
import {
  audioSlide,
  lessonSlides,
  notesOf,
  withoutEmptyEntries,
  type Deck,
  type DeckActivity,
  type DeckEntry,
  type DeckPaths,
} from './deck';

/** A lesson: its activities in order, section dividers as headings, keyed by activity id. */
export function lessonDeck(lesson: LessonSlideShowData, paths: DeckPaths): Deck {
  const entries: DeckEntry[] = (lesson.activity ?? []).flatMap((entry): DeckEntry[] => {
    if (entry.section_divider) return entry.title ? [{ kind: 'divider', title: entry.title }] : [];
    const activity = entry.activity;
    if (!activity) return [];
    return [
      {
        kind: 'activity',
        key: activity.documentId,
        title: activity.title || entry.title || '',
        slides: lessonSlides(activity.activity_slideshow),
        notes: notesOf(activity),
      },
    ];
  });
  return {
    title: lesson.title,
    exitPath: paths.exitPath,
    basePath: paths.basePath,
    keyed: true,
    entries: withoutEmptyEntries(dedupeKeys(entries)),
  };
}

/** One activity on its own (every `.../activity/{activity}/slides` route): no overview. */
export function activityDeck(activity: ActivitySlideShowData, paths: DeckPaths): Deck {
  return {
    title: activity.title,
    exitPath: paths.exitPath,
    basePath: paths.basePath,
    keyed: false,
    entries: [
      {
        kind: 'activity',
        key: activity.documentId,
        title: activity.title,
        slides: lessonSlides(activity.activity_slideshow),
        notes: notesOf(activity),
      },
    ],
  };
}

/** The answers of ActivitySlideShow by activity documentId (undefined while one is loading). */
export type SlideShowsById = ReadonlyMap<string, ActivitySlideShowData | null>;

/** Why an activity's slideshow could not be read, by activity documentId. */
export type UnavailableById = ReadonlyMap<string, string>;

/**
 * A playlist (spec part 2, "Lesson mode"): an audio item is one audio slide; an activity shows
 * its slideshow. Every activity stays listed, so the class sees what is missing and why: one
 * whose slideshow could not be read (offline and not saved on this device, or the CMS failed)
 * with the reason; for a teacher without content access, each with the subscription it needs;
 * one the CMS gives no slides, marked so with a link to its page. Items are keyed by their
 * 1-based number among the listed items, which is what the `item` URL parameter holds.
 */
export function playlistDeck(
  playlist: PlaylistRecord,
  slideshows: SlideShowsById,
  paths: DeckPaths,
  unavailable: UnavailableById = new Map(),
  canAccessContent = true,
): Deck {
  const shown = playlist.items.flatMap((item): DeckEntry[] => {
    if (item.kind === 'ComponentPlaylistsAudioItem') {
      if (!isAudioItemDetails(item.details)) return [];
      const { url, caption } = item.details;
      return [
        {
          kind: 'activity',
          key: '',
          title: item.title,
          audio: true,
          slides: [audioSlide(`audio-${item.key}`, item.title, url, caption)],
        },
      ];
    }
    if (!canAccessContent) return [listedOnly(item.title, SUBSCRIPTION_NEEDED, SUBSCRIBE_LINK)];
    const activity = slideshows.get(item.itemId);
    const reason = activity ? undefined : unavailable.get(item.itemId);
    if (reason) return [listedOnly(item.title, reason)];
    if (!activity) return [listedOnly(item.title, NO_LONGER_AVAILABLE)];
    const title = item.title || activity.title || '';
    const slides = lessonSlides(activity.activity_slideshow);
    if (slides.length === 0) {
      const page = playlistItemPage(item);
      return [listedOnly(title, NO_SLIDES, page ? activityPageLink(page) : undefined)];
    }
    return [{ kind: 'activity', key: '', title, slides, notes: notesOf(activity) }];
  });
  return {
    title: playlist.title,
    exitPath: paths.exitPath,
    basePath: paths.basePath,
    keyed: true,
    entries: shown.map((entry, index) =>
      entry.kind === 'activity' ? { ...entry, key: String(index + 1) } : entry,
    ),
    unavailableLink: unavailableLink('playlist', paths.exitPath),
  };
}

/** An activity listed with why it cannot be shown, and the way on when it has its own. */
function listedOnly(
  title: string,
  unavailable: string,
  link?: { label: string; path: string },
): DeckActivity {
  return { kind: 'activity', key: '', title, slides: [], unavailable, ...(link ? { link } : {}) };
}

/**
 * The activities of a custom unit's lesson plan, in the order the plan gives them: the
 * activities above, the plan's own, then the pool entries of the unit's strands. Null when the
 * unit or the plan is not found, the plan is not one of this unit's, or it belongs to another
 * programme or audience.
 */
export function customLessonActivities(
  data: CustomLessonSlideShowData,
  lessonId: string,
): {
  title: string;
  disabled: boolean;
  activities: { documentId: string; title: string }[];
} | null {
  const scheme = data.customScheme;
  if (!scheme) return null;
  const plans = data.customSchemePlans.filter(
    (plan) =>
      (!scheme.programme || plan.programme?.slug === scheme.programme.slug) &&
      (!scheme.audience || plan.audience?.slug === scheme.audience.slug),
  );
  const strands = scheme.learning_strands ?? [];
  const lesson = lessonsForStrands(
    plans.flatMap((plan) => plan.lesson_plans ?? []),
    strands,
  ).find((plan) => plan.id === lessonId);
  if (!lesson) return null;
  const activities = lessonActivities(lesson, strands);
  return {
    title: lesson.title ?? scheme.title,
    disabled: lesson.disable_lesson_mode === true,
    activities,
  };
}

/**
 * A custom unit's lesson from its activities and their slideshows, keyed by activity id. As in a
 * playlist, an activity whose slideshow could not be read (offline and not on this device, or the
 * CMS failed) stays listed with the reason instead of silently dropping out.
 */
export function customLessonDeck(
  title: string,
  activities: { documentId: string; title: string }[],
  slideshows: SlideShowsById,
  paths: DeckPaths,
  unavailable: UnavailableById = new Map(),
): Deck {
  const entries: DeckEntry[] = activities.map((activity) => {
    const slideshow = slideshows.get(activity.documentId);
    const reason = slideshow ? undefined : unavailable.get(activity.documentId);
    return {
      kind: 'activity',
      key: activity.documentId,
      title: activity.title || slideshow?.title || '',
      slides: lessonSlides(slideshow?.activity_slideshow),
      ...(reason ? { unavailable: reason } : {}),
    };
  });
  return {
    title,
    exitPath: paths.exitPath,
    basePath: paths.basePath,
    keyed: true,
    entries: withoutEmptyEntries(dedupeKeys(entries)),
    unavailableLink: unavailableLink('custom-lesson', paths.exitPath),
  };
}

/** The URL names an activity by id, so an activity listed twice is shown once (the first). */
function dedupeKeys(entries: DeckEntry[]): DeckEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (entry.kind === 'divider') return true;
    if (seen.has(entry.key)) return false;
    seen.add(entry.key);
    return true;
  });
}
