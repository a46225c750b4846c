import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import type { MediaFile } from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { SchemesQueryOperation } from '../../../lib/cms/generated/operations/schemes-query';

/**
 * Spec part 2, section 7: SchemesQuery (id, programmeSlug). A unit's contents come back empty
 * unless the user is an active subscriber (the CMS decides; no error for others).
 */
export const SCHEMES_QUERY = appDocument(
  /* GraphQL */ `
    query SchemesQuery($id: ID!, $programmeSlug: String!) {
      scheme(documentId: $id) {
        documentId
        title
        introduction
        documents {
          documentId
          url
          name
          caption
          ext
          size
        }
        lessons {
          documentId
          title
        }
        scheme_activities {
          id
          title
          activity {
            documentId
            title
            time
            type
            introduction
          }
        }
        activity_sections {
          id
          title
          activity_section {
            documentId
            title
          }
        }
      }
      programmes(filters: { slug: { eq: $programmeSlug } }) {
        documentId
        title
        slug
      }
    }
  `,
  SchemesQueryOperation,
);

export interface Scheme {
  documentId: string;
  title: string;
  introduction: string | null;
  documents: (MediaFile & { documentId: string })[] | null;
  lessons: { documentId: string; title: string }[] | null;
  scheme_activities:
    | {
        id: string;
        title: string | null;
        activity: {
          documentId: string;
          title: string;
          time: string | null;
          type: string | null;
          introduction: string | null;
        } | null;
      }[]
    | null;
  activity_sections:
    | {
        id: string;
        title: string | null;
        activity_section: { documentId: string; title: string } | null;
      }[]
    | null;
}

export interface SchemesQueryResult {
  scheme: Scheme | null;
  programmes: { documentId: string; title: string; slug: string }[];
}

export function schemesQueryOptions(vars: { id: string; programmeSlug: string }) {
  return queryOptions({
    queryKey: ['SchemesQuery', vars],
    queryFn: ({ signal }) => requestCms(SCHEMES_QUERY, vars, signal),
  });
}

export function useSchemesQuery(vars: { id: string; programmeSlug: string }) {
  return useQuery(schemesQueryOptions(vars));
}
