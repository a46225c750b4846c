import { queryOptions, useQuery } from '@tanstack/react-query';
import { appDocument } from '../../../lib/cms/app-document';
import { requestCms } from '../../../lib/cms/graphql-client';
import { PreviewSlideshowOperation } from '../../../lib/cms/generated/operations/preview-slideshow';
import { SLIDE_FRAGMENTS, type SlideShowData } from '../../../lib/lesson-content/slide-fields';

/** A slideshow alone, for its preview in lesson mode. */
export const PREVIEW_SLIDESHOW = appDocument(
  /* GraphQL */ `
    query PreviewSlideshow($id: ID!) {
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
  PreviewSlideshowOperation,
);

function previewSlideshowQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['PreviewSlideshow', id],
    queryFn: async ({ signal }) =>
      (await requestCms(PREVIEW_SLIDESHOW, { id }, signal))
        .activitySlideshow as SlideShowData | null,
  });
}

export function usePreviewSlideshow(id: string) {
  return useQuery(previewSlideshowQueryOptions(id));
}
