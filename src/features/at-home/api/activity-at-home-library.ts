import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { ActivityAtHomeLibraryOperation } from '../../../lib/cms/generated/operations/activity-at-home-library';

/**
 * Spec part 2, section 7: ActivityAtHomeLibrary (library id). Families open it without an
 * account, so it asks only for what visitors may read. The CMS cannot filter on the numeric id
 * the link carries, so the (few) libraries come whole and the page picks its own.
 */
export const ACTIVITY_AT_HOME_LIBRARY = appDocument(
  /* GraphQL */ `
    query ActivityAtHomeLibrary {
      atHomeLibraries(pagination: { limit: 1000 }) {
        documentId
        numeric_id
        title
        introduction
        activity {
          documentId
          title
          time
          type
          introduction
        }
      }
    }
  `,
  ActivityAtHomeLibraryOperation,
);

export interface AtHomeActivityCard {
  documentId: string;
  title: string;
  time: string | null;
  type: string | null;
  introduction: string | null;
}

export interface AtHomeLibraryData {
  documentId: string;
  numeric_id: number;
  title: string;
  introduction: string | null;
  activity: AtHomeActivityCard[] | null;
}

export function atHomeLibraryQueryOptions(vars: { libraryId: number }) {
  return queryOptions({
    queryKey: ['ActivityAtHomeLibrary', vars],
    queryFn: async ({ signal }) =>
      (await requestCms(ACTIVITY_AT_HOME_LIBRARY, {}, signal)).atHomeLibraries.find(
        (library) => library.numeric_id === vars.libraryId,
      ) ?? null,
  });
}

export function useAtHomeLibrary(vars: { libraryId: number }, enabled: boolean) {
  return useQuery({ ...atHomeLibraryQueryOptions(vars), enabled });
}
