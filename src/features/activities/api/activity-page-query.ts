import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import type { CmsDocument } from '../../../lib/content/documents';
import type { MediaFile } from '../../../lib/content/media';

const DOCUMENT_FIELDS = 'id title file { documentId url ext }';

/**
 * Spec part 2, section 7: ActivityPage. The slideshow is subscriber-only, so it is asked for only
 * with `withSlides` (@include keeps it out of the query for everyone else); the lesson's activity
 * list gives the 'Next:' link in a lesson context.
 */
export const ACTIVITY_PAGE = /* GraphQL */ `
  query ActivityPage($id: ID!, $lessonId: ID!, $inLesson: Boolean!, $withSlides: Boolean!) {
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
        delivery_option { id title activity_detail { id title description media { url alternativeText mime width height formats } } }
      }
    }
    lesson(documentId: $lessonId) @include(if: $inLesson) {
      documentId
      activity { id section_divider activity { documentId title } }
    }
  }
`;

export interface ActivityOption {
  documentId: string;
  title: string;
  introduction: string | null;
  introduction_pt2: string | null;
  time: string | null;
  music: string | null;
  equipment: string | null;
  documents: CmsDocument[] | null;
  learning_objectives: { id: string; title: string | null; description: string | null; audience: { slug: string } | null }[] | null;
  delivery_option: { id: string; title: string | null; activity_detail: { id: string; title: string | null; description: string | null; media: MediaFile[] | null }[] | null }[] | null;
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
  lesson?: { documentId: string; activity: { id: string; section_divider: boolean | null; activity: { documentId: string; title: string } | null }[] | null } | null;
}

export interface ActivityPageVars {
  id: string;
  lessonId: string;
  inLesson: boolean;
  withSlides: boolean;
}

export function activityPageQueryOptions(vars: ActivityPageVars) {
  return queryOptions({
    queryKey: ['ActivityPage', vars],
    queryFn: ({ signal }) => requestCms<ActivityPageResult>(ACTIVITY_PAGE, vars, signal),
  });
}

export function useActivityPage(vars: ActivityPageVars) {
  return useQuery(activityPageQueryOptions(vars));
}
