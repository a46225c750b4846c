import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { DOCUMENT_FIELDS, type CmsDocument } from '../../../lib/content/documents';
import { appDocument } from '../../../lib/cms/app-document';
import { ActivitySectionOperation } from '../../../lib/cms/generated/operations/activity-section';

/** Spec part 2, section 7: ActivitySection (ids, programmeSlug). */
export const ACTIVITY_SECTION = appDocument(
  /* GraphQL */ `
  query ActivitySection($ids: [ID]!) {
    activitySections(filters: { documentId: { in: $ids } }) {
      documentId
      title
      introduction
      documents { ${DOCUMENT_FIELDS} }
      activity_pages {
        documentId
        title
        time
        type
        introduction
      }
    }
  }
`,
  ActivitySectionOperation,
);

export interface ActivitySectionData {
  documentId: string;
  title: string;
  introduction: string | null;
  documents: CmsDocument[] | null;
  activity_pages: {
    documentId: string;
    title: string;
    time: string | null;
    type: string | null;
    introduction: string | null;
  }[];
}

export function activitySectionQueryOptions(vars: { ids: string[] }) {
  return queryOptions({
    queryKey: ['ActivitySection', vars],
    queryFn: async ({ signal }) =>
      (await requestCms(ACTIVITY_SECTION, vars, signal)).activitySections,
  });
}

export function useActivitySection(vars: { ids: string[] }) {
  return useQuery(activitySectionQueryOptions(vars));
}
