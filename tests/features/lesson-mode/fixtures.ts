import type { ActivitySlide } from '../../../src/lib/lesson-content/slide-fields';
import type { LessonSlideShowData } from '../../../src/lib/lesson-content/lesson-slide-show';

/** A slide with only what a test names; everything else empty, as the CMS answers it. */
export function slide(id: string, extra: Partial<ActivitySlide> = {}): ActivitySlide {
  return {
    id,
    include_in_lesson: true,
    title: `Slide ${id}`,
    slide_template: 'image',
    slide_text: null,
    secondary_slide_text: null,
    videos: [],
    sub_slides2: [],
    main_image: null,
    secondary_image: null,
    audio: null,
    secondary_audio: null,
    secondary_video: null,
    audiocards: [],
    flipcards: [],
    left_column: null,
    right_column: null,
    ...extra,
  };
}

type Entry = ['divider', string] | [string, ActivitySlide[] | null];

/** A lesson from a compact list: ['divider', title] or [activity id, slides or null]. */
export function lesson(
  entries: Entry[],
  title = 'Lesson 2: Pulse everywhere',
): LessonSlideShowData {
  return {
    documentId: 'lesson-1',
    title,
    disable_lesson_mode: false,
    activity: entries.map(([first, second], index) =>
      first === 'divider'
        ? { id: String(index), section_divider: true, title: second as string, activity: null }
        : {
            id: String(index),
            section_divider: false,
            title: first,
            activity: {
              documentId: first,
              title: `Activity ${first}`,
              activity_slideshow:
                second === null
                  ? null
                  : {
                      documentId: `show-${first}`,
                      title: `${first} slides`,
                      activity_slides: second as ActivitySlide[],
                    },
            },
          },
    ),
  };
}

export const PATHS = {
  basePath: '/primary/sound-explorers/unit/u1/lesson/lesson-1/slides',
  exitPath: '/primary/sound-explorers/unit/u1/lesson/lesson-1',
};
