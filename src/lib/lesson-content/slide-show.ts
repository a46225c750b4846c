import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../cms/graphql-client';
import { SLIDE_FRAGMENTS } from './slide-fields';
import { appDocument } from '../cms/app-document';
import { SlideShowOperation } from '../cms/generated/operations/slide-show';

/** A slideshow by id: the sub-slideshows a slide's 'Instrument options' open. */
export const SLIDE_SHOW = appDocument(
  /* GraphQL */ `
    query SlideShow($id: ID!) {
      activitySlideshow(documentId: $id) {
        documentId
        title
        activity_slides(pagination: { limit: 200 }) {
          ...SlideFields
        }
      }
    }
    ${SLIDE_FRAGMENTS}
  `,
  SlideShowOperation,
);

export function slideShowQueryOptions(vars: { id: string }) {
  return queryOptions({
    queryKey: ['SlideShow', vars],
    queryFn: async ({ signal }) => (await requestCms(SLIDE_SHOW, vars, signal)).activitySlideshow,
    staleTime: 10 * 60_000,
  });
}

export function useSlideShow(vars: { id: string }, enabled = true) {
  return useQuery({ ...slideShowQueryOptions(vars), enabled });
}
