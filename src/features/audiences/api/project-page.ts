import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { DOCUMENT_FIELDS, type CmsDocument } from '../../../lib/content/documents';
import type { MediaFile } from '../../../lib/content/media';
import { FEATURE_BOX_FIELDS, type FeatureBox } from './audience-query';
import { appDocument } from '../../../lib/cms/app-document';
import { ProjectPageOperation } from '../../../lib/cms/generated/operations/project-page';

/**
 * Spec part 2, section 7: ProjectPage (slug, for landing pages and for projects). One operation
 * asks for both by slug; the page shows whichever exists.
 */
export const PROJECT_PAGE = appDocument(
  /* GraphQL */ `
  query ProjectPage($slug: String!) {
    projects(filters: { slug: { eq: $slug } }) {
      documentId
      title
      main_text
      explore_activities_title
      activity_pages { documentId title time type equipment introduction }
      documents { ${DOCUMENT_FIELDS} }
      main_image { url alternativeText width height formats }
      main_image_decorative
    }
    landingPages(filters: { slug: { eq: $slug } }) {
      documentId
      title
      main_text
      features { ${FEATURE_BOX_FIELDS} }
    }
  }
`,
  ProjectPageOperation,
);

export interface ProjectData {
  documentId: string;
  title: string;
  main_text: string | null;
  explore_activities_title: string | null;
  activity_pages: {
    documentId: string;
    title: string;
    time: string | null;
    type: string | null;
    equipment: string | null;
    introduction: string | null;
  }[];
  documents: CmsDocument[] | null;
  main_image: MediaFile | null;
  main_image_decorative?: boolean | null;
}

export interface LandingPageData {
  documentId: string;
  title: string;
  main_text: string | null;
  features: FeatureBox[] | null;
}

export function projectPageQueryOptions(vars: { slug: string }) {
  return queryOptions({
    queryKey: ['ProjectPage', vars],
    queryFn: ({ signal }) => requestCms(PROJECT_PAGE, vars, signal),
  });
}

export function useProjectPage(vars: { slug: string }) {
  return useQuery(projectPageQueryOptions(vars));
}
