import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { LiveHomePageOperation } from '../../../lib/cms/generated/operations/live-home-page';

/** Spec part 2, section 7: LiveHomePage: the live home's heading and text for the events list. */
export const LIVE_HOME_PAGE = appDocument(
  /* GraphQL */ `
    query LiveHomePage {
      liveHomePage {
        title
        introduction
        events_heading
        events_introduction
      }
    }
  `,
  LiveHomePageOperation,
);

export interface LiveHomePageData {
  title: string | null;
  introduction: string | null;
  events_heading: string | null;
  events_introduction: string | null;
}

export function liveHomePageQueryOptions() {
  return queryOptions({
    queryKey: ['LiveHomePage'],
    queryFn: async ({ signal }) => (await requestCms(LIVE_HOME_PAGE, {}, signal)).liveHomePage,
  });
}

export function useLiveHomePage() {
  return useQuery(liveHomePageQueryOptions());
}
