import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';

export interface LegalPage {
  title: string;
  content: string | null;
}

/** Spec part 2, section 7: privacyPolicy. */
export const PRIVACY_POLICY = /* GraphQL */ `
  query privacyPolicy {
    privacyPolicy {
      title
      content
    }
  }
`;

/** Spec part 2, section 7: termsAndCondition. */
export const TERMS_AND_CONDITION = /* GraphQL */ `
  query termsAndCondition {
    termsAndCondition {
      title
      content
    }
  }
`;

export function usePrivacyPolicy() {
  return useQuery(
    queryOptions({
      queryKey: ['privacyPolicy'],
      queryFn: async ({ signal }) =>
        (await requestCms<{ privacyPolicy: LegalPage | null }>(PRIVACY_POLICY, {}, signal))
          .privacyPolicy,
    }),
  );
}

export function useTermsAndCondition() {
  return useQuery(
    queryOptions({
      queryKey: ['termsAndCondition'],
      queryFn: async ({ signal }) =>
        (await requestCms<{ termsAndCondition: LegalPage | null }>(TERMS_AND_CONDITION, {}, signal))
          .termsAndCondition,
    }),
  );
}
