import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../cms/graphql-client';
import { ACTIVITY_NOTES_FRAGMENT, type ActivityNotes } from './activity-notes';
import { SLIDE_FRAGMENTS, type SlideShowData } from './slide-fields';
import { appDocument } from '../cms/app-document';
import { ActivitySlideShowOperation } from '../cms/generated/operations/activity-slide-show';

/** One activity's slideshow (single-activity routes, playlist and custom-unit items). */
export const ACTIVITY_SLIDE_SHOW = appDocument(
  /* GraphQL */ `
    query ActivitySlideShow($id: ID!) {
      activityPage(documentId: $id) {
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
    ${SLIDE_FRAGMENTS}
    ${ACTIVITY_NOTES_FRAGMENT}
  `,
  ActivitySlideShowOperation,
);

export interface ActivitySlideShowData extends Partial<ActivityNotes> {
  documentId: string;
  title: string;
  activity_slideshow: SlideShowData | null;
}

export function activitySlideShowQueryOptions(vars: { id: string }) {
  return queryOptions({
    queryKey: ['ActivitySlideShow', vars],
    queryFn: async ({ signal }) =>
      (await requestCms(ACTIVITY_SLIDE_SHOW, vars, signal)).activityPage,
    staleTime: 10 * 60_000,
  });
}

export function useActivitySlideShow(vars: { id: string }) {
  return useQuery(activitySlideShowQueryOptions(vars));
}
