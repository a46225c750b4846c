import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { CustomSchemeBuilderOperation } from '../../../lib/cms/generated/operations/custom-scheme-builder';

/** Spec part 2, section 7: CustomSchemeBuilder (audienceSlug, programmeSlug): the unit builder. */
export const CUSTOM_SCHEME_BUILDER = appDocument(
  /* GraphQL */ `
    query CustomSchemeBuilder($audienceSlug: String!, $programmeSlug: String!) {
      customSchemeBuilders(
        filters: {
          programme: { slug: { eq: $programmeSlug } }
          audience: { slug: { eq: $audienceSlug } }
        }
      ) {
        documentId
        title
        introduction
        number_required_strands
        programme {
          documentId
          title
          slug
        }
        audience {
          documentId
          slug
        }
        learning_strands {
          documentId
          title
          description
          combination_key
        }
      }
    }
  `,
  CustomSchemeBuilderOperation,
);

export interface LearningStrand {
  documentId: string;
  title: string;
  description: string | null;
  combination_key: string | null;
}

export interface CustomSchemeBuilderData {
  documentId: string;
  title: string;
  introduction: string | null;
  number_required_strands: number | null;
  programme: { documentId: string; title: string; slug: string } | null;
  audience: { documentId: string; slug: string } | null;
  learning_strands: LearningStrand[] | null;
}

export function customSchemeBuilderQueryOptions(vars: {
  audienceSlug: string;
  programmeSlug: string;
}) {
  return queryOptions({
    queryKey: ['CustomSchemeBuilder', vars],
    queryFn: async ({ signal }) =>
      (await requestCms(CUSTOM_SCHEME_BUILDER, vars, signal)).customSchemeBuilders[0] ?? null,
  });
}

export function useCustomSchemeBuilder(vars: { audienceSlug: string; programmeSlug: string }) {
  return useQuery(customSchemeBuilderQueryOptions(vars));
}
