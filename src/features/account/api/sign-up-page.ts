import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { SignUpPageOperation } from '../../../lib/cms/generated/operations/sign-up-page';

export const SIGN_UP_PAGE = appDocument(
  /* GraphQL */ `
    query SignUpPage {
      signUpPage {
        title
        description
        title_free_trial
        introduction_free_trial
        promobox
        sidebar_promobox
      }
    }
  `,
  SignUpPageOperation,
);

export interface SignUpPage {
  title: string | null;
  description: string | null;
  title_free_trial: string | null;
  introduction_free_trial: string | null;
  promobox: string | null;
  sidebar_promobox: string | null;
}

export function signUpPageQueryOptions() {
  return queryOptions({
    queryKey: ['SignUpPage'],
    queryFn: async ({ signal }) => (await requestCms(SIGN_UP_PAGE, {}, signal)).signUpPage,
    meta: { persist: true },
  });
}

export function useSignUpPage() {
  return useQuery(signUpPageQueryOptions());
}
