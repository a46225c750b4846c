import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { DOCUMENT_FIELDS, type CmsDocument } from '../../../lib/content/documents';
import type { MediaFile } from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { ActivityPageOperation } from '../../../lib/cms/generated/operations/activity-page';

/**
 * Spec part 2, section 7: ActivityPage. The slideshow is subscriber-only, so it is asked for only
 * with `withSlides` (@include keeps it out of the query for everyone else); the lesson's activity
 * list gives the 'Next:' link in a lesson context, its title the breadcrumb and its
 * disable_lesson_mode whether 'Start Activity' shows. In a custom unit's lesson the same come
 * from the unit (null when it is someone else's) and its plan's lesson plans.
 */
export const ACTIVITY_PAGE = appDocument(
  /* GraphQL */ `
  query ActivityPage(
    $id: ID!
    $lessonId: ID!
    $inLesson: Boolean!
    $withSlides: Boolean!
    $customSchemeId: ID!
    $inCustomLesson: Boolean!
  ) {
    activityPage(documentId: $id) {
      documentId
      title
      time
      type
      introduction
      music
      equipment
      audiences { slug }
      activity_slideshow @include(if: $withSlides) { documentId }
      related_activities { documentId title time type introduction }
      activity_option {
        documentId
        title
        introduction
        introduction_pt2
        time
        music
        equipment
        documents { ${DOCUMENT_FIELDS} }
        learning_objectives { id title description audience { slug } }
        delivery_option { id title activity_detail { id title description media { url alternativeText mime width height formats } media_decorative } }
      }
    }
    lesson(documentId: $lessonId) @include(if: $inLesson) {
      documentId
      title
      disable_lesson_mode
      activity { id section_divider activity { documentId title } }
    }
    customScheme(documentId: $customSchemeId) @include(if: $inCustomLesson) { documentId title }
    customSchemePlans @include(if: $inCustomLesson) { documentId lesson_plans { id title disable_lesson_mode } }
  }
`,
  ActivityPageOperation,
);

export interface ActivityOption {
  documentId: string;
  title: string;
  introduction: string | null;
  introduction_pt2: string | null;
  time: string | null;
  music: string | null;
  equipment: string | null;
  documents: CmsDocument[] | null;
  learning_objectives:
    | {
        id: string;
        title: string | null;
        description: string | null;
        audience: { slug: string } | null;
      }[]
    | null;
  delivery_option:
    | {
        id: string;
        title: string | null;
        activity_detail:
          | {
              id: string;
              title: string | null;
              description: string | null;
              media: MediaFile[] | null;
              media_decorative?: boolean | null;
            }[]
          | null;
      }[]
    | null;
}

export interface RelatedActivity {
  documentId: string;
  title: string;
  time: string | null;
  type: string | null;
  introduction: string | null;
}

export interface ActivityPageData {
  documentId: string;
  title: string;
  time: string | null;
  type: string | null;
  introduction: string | null;
  music: string | null;
  equipment: string | null;
  audiences: { slug: string }[];
  activity_slideshow?: { documentId: string } | null;
  related_activities: RelatedActivity[];
  activity_option: ActivityOption[];
}

export interface ActivityPageResult {
  activityPage: ActivityPageData | null;
  lesson?: {
    documentId: string;
    title: string;
    disable_lesson_mode: boolean | null;
    activity:
      | {
          id: string;
          section_divider: boolean | null;
          activity: { documentId: string; title: string } | null;
        }[]
      | null;
  } | null;
  customScheme?: { documentId: string; title: string } | null;
  customSchemePlans?: {
    documentId: string;
    lesson_plans: { id: string; title: string; disable_lesson_mode: boolean | null }[] | null;
  }[];
}

export interface ActivityPageVars {
  id: string;
  lessonId: string;
  inLesson: boolean;
  withSlides: boolean;
  customSchemeId: string;
  inCustomLesson: boolean;
}

export function activityPageQueryOptions(vars: ActivityPageVars) {
  return queryOptions({
    queryKey: ['ActivityPage', vars],
    // Narrower than the schema's type (lists without null, texts the page requires).
    queryFn: ({ signal }) => requestCms(ACTIVITY_PAGE, vars, signal) as Promise<ActivityPageResult>,
  });
}

export function useActivityPage(vars: ActivityPageVars) {
  return useQuery(activityPageQueryOptions(vars));
}
