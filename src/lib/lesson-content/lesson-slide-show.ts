import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../cms/graphql-client';
import { ACTIVITY_NOTES_FRAGMENT, type ActivityNotes } from './activity-notes';
import { SLIDE_FRAGMENTS, type SlideShowData } from './slide-fields';
import { appDocument } from '../cms/app-document';
import { LessonSlideShowOperation } from '../cms/generated/operations/lesson-slide-show';

/** A lesson with every activity's slideshow, for the overview and the lesson's slides. */
export const LESSON_SLIDE_SHOW = appDocument(
  /* GraphQL */ `
    query LessonSlideShow($id: ID!) {
      lesson(documentId: $id) {
        documentId
        title
        disable_lesson_mode
        activity {
          id
          section_divider
          title
          activity {
            documentId
            title
            ...ActivityNotes
            activity_slideshow {
              documentId
              title
              activity_slides(pagination: { limit: 200 }) {
                ...SlideFields
              }
            }
          }
        }
      }
    }
    ${SLIDE_FRAGMENTS}
    ${ACTIVITY_NOTES_FRAGMENT}
  `,
  LessonSlideShowOperation,
);

export interface LessonActivityEntry {
  id: string;
  section_divider: boolean | null;
  title: string | null;
  activity:
    | (Partial<ActivityNotes> & {
        documentId: string;
        title: string;
        activity_slideshow: SlideShowData | null;
      })
    | null;
}

export interface LessonSlideShowData {
  documentId: string;
  title: string;
  disable_lesson_mode: boolean | null;
  activity: LessonActivityEntry[] | null;
}

export function lessonSlideShowQueryOptions(vars: { id: string }) {
  return queryOptions({
    queryKey: ['LessonSlideShow', vars],
    queryFn: async ({ signal }) => (await requestCms(LESSON_SLIDE_SHOW, vars, signal)).lesson,
    // A lesson does not change during a class: slide changes must never wait on a refetch.
    staleTime: 10 * 60_000,
  });
}

export function useLessonSlideShow(vars: { id: string }) {
  return useQuery(lessonSlideShowQueryOptions(vars));
}
