import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import type { privacyPolicy } from '../../../lib/cms/generated/graphql';
import { privacyPolicyOperation } from '../../../lib/cms/generated/operations/privacy-policy';
import { termsAndConditionOperation } from '../../../lib/cms/generated/operations/terms-and-condition';

/** A legal page as the CMS's schema gives it. */
export type LegalPage = NonNullable<privacyPolicy['privacyPolicy']>;

/** Spec part 2, section 7: privacyPolicy. */
export const PRIVACY_POLICY = appDocument(
  /* GraphQL */ `
    query privacyPolicy {
      privacyPolicy {
        title
        content
      }
    }
  `,
  privacyPolicyOperation,
);

/** Spec part 2, section 7: termsAndCondition. */
export const TERMS_AND_CONDITION = appDocument(
  /* GraphQL */ `
    query termsAndCondition {
      termsAndCondition {
        title
        content
      }
    }
  `,
  termsAndConditionOperation,
);

export function usePrivacyPolicy() {
  return useQuery(
    queryOptions({
      queryKey: ['privacyPolicy'],
      queryFn: async ({ signal }) => (await requestCms(PRIVACY_POLICY, {}, signal)).privacyPolicy,
    }),
  );
}

export function useTermsAndCondition() {
  return useQuery(
    queryOptions({
      queryKey: ['termsAndCondition'],
      queryFn: async ({ signal }) =>
        (await requestCms(TERMS_AND_CONDITION, {}, signal)).termsAndCondition,
    }),
  );
}
