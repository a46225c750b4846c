import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';

export const SIGN_UP_PAGE = /* GraphQL */ `
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
`;

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
    queryFn: async ({ signal }) =>
      (await requestCms<{ signUpPage: SignUpPage | null }>(SIGN_UP_PAGE, {}, signal)).signUpPage,
    meta: { persist: true },
  });
}

export function useSignUpPage() {
  return useQuery(signUpPageQueryOptions());
}
