import type { APIRequestContext } from '@playwright/test';
import { DEMO } from './fixtures';
import { apiLogIn, cmsQuery } from './cms-api';

/** A slideshow to walk in lesson mode: where its first slide is and how many slides it shows. */
export interface SlideshowToWalk {
  /** The slideshow's documentId. */
  id: string;
  title: string;
  /** Lesson mode's address of its first slide (in the first lesson that uses it). */
  firstSlidePath: string;
  /** Slides lesson mode shows (include_in_lesson not false). */
  slideCount: number;
  /** The template of each slide shown, in order. */
  templates: (string | null)[];
}

interface Lesson {
  documentId: string;
  disable_lesson_mode: boolean | null;
  activity:
    | {
        section_divider: boolean | null;
        activity: { documentId: string; activity_slideshow: { documentId: string } | null } | null;
      }[]
    | null;
}

interface Slideshows {
  programmes: {
    slug: string;
    audience: { slug: string } | null;
    units: { documentId: string; lessons: Lesson[] }[];
  }[];
  activitySlideshows: {
    documentId: string;
    title: string;
    activity_slides: { include_in_lesson: boolean | null; slide_template: string | null }[];
  }[];
}

const SEEDED_SLIDESHOWS = /* GraphQL */ `
  query LessonFitSlideshows {
    programmes(pagination: { limit: 200 }) {
      slug
      audience {
        slug
      }
      units(pagination: { limit: 200 }) {
        documentId
        lessons(pagination: { limit: 200 }) {
          documentId
          disable_lesson_mode
          activity {
            section_divider
            activity {
              documentId
              activity_slideshow {
                documentId
              }
            }
          }
        }
      }
    }
    activitySlideshows(pagination: { limit: 500 }) {
      documentId
      title
      activity_slides(pagination: { limit: 200 }) {
        include_in_lesson
        slide_template
      }
    }
  }
`;

/**
 * Every slideshow a seeded lesson runs, each once, read from the CMS (so slides and lessons added
 * to the seed later are walked too). Sub-slideshows are not listed: they are reached from the
 * 'Instrument options' of the slide that offers them.
 */
export async function seededLessonSlideshows(
  request: APIRequestContext,
): Promise<SlideshowToWalk[]> {
  const token = await apiLogIn(request, DEMO.subscriber.email);
  const data = await cmsQuery<Slideshows>(request, token, SEEDED_SLIDESHOWS);
  const shownSlides = new Map(
    data.activitySlideshows.map((show) => [
      show.documentId,
      {
        title: show.title,
        templates: show.activity_slides
          .filter((slide) => slide.include_in_lesson !== false)
          .map((slide) => slide.slide_template),
      },
    ]),
  );
  const walks = new Map<string, SlideshowToWalk>();
  for (const programme of data.programmes) {
    if (!programme.audience) continue;
    for (const unit of programme.units) {
      for (const lesson of unit.lessons) {
        if (lesson.disable_lesson_mode) continue;
        const base = `/${programme.audience.slug}/${programme.slug}/unit/${unit.documentId}/lesson/${lesson.documentId}/slides`;
        for (const entry of lesson.activity ?? []) {
          const slideshow = entry.activity?.activity_slideshow?.documentId;
          const shown = slideshow ? shownSlides.get(slideshow) : undefined;
          if (
            entry.section_divider ||
            !slideshow ||
            !shown ||
            shown.templates.length === 0 ||
            walks.has(slideshow)
          )
            continue;
          walks.set(slideshow, {
            id: slideshow,
            title: shown.title,
            firstSlidePath: `${base}/${entry.activity!.documentId}/1`,
            slideCount: shown.templates.length,
            templates: shown.templates,
          });
        }
      }
    }
  }
  return [...walks.values()];
}
