import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { CustomSchemeOperation } from '../../../lib/cms/generated/operations/custom-scheme';

/**
 * Spec part 2, section 7: CustomScheme (ownerId, audienceSlug, programmeSlug): the signed-in
 * teacher's units for one programme. The CMS scopes custom schemes to their owner on every read
 * (and rejects an owner filter, as users are not readable), so the owner is not sent; the query
 * key carries it so two accounts on one device never share a cached list.
 */
export const CUSTOM_SCHEMES = appDocument(
  /* GraphQL */ `
    query CustomScheme($audienceSlug: String!, $programmeSlug: String!) {
      customSchemes(
        filters: {
          programme: { slug: { eq: $programmeSlug } }
          audience: { slug: { eq: $audienceSlug } }
        }
        sort: "createdAt:desc"
      ) {
        documentId
        title
        createdAt
        learning_strands {
          documentId
          title
        }
      }
    }
  `,
  CustomSchemeOperation,
);

export interface CustomSchemeSummary {
  documentId: string;
  title: string;
  createdAt: string | null;
  learning_strands: { documentId: string; title: string }[] | null;
}

export function customSchemesQueryOptions(vars: {
  ownerId: number | null;
  audienceSlug: string;
  programmeSlug: string;
}) {
  return queryOptions({
    queryKey: ['CustomScheme', vars],
    queryFn: async ({ signal }) =>
      (
        await requestCms(
          CUSTOM_SCHEMES,
          { audienceSlug: vars.audienceSlug, programmeSlug: vars.programmeSlug },
          signal,
        )
      ).customSchemes,
  });
}

export function useCustomSchemes(
  vars: { ownerId: number | null; audienceSlug: string; programmeSlug: string },
  enabled: boolean,
) {
  return useQuery({ ...customSchemesQueryOptions(vars), enabled });
}
