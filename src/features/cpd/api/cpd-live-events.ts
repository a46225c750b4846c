import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { DOCUMENT_FIELDS, type CmsDocument } from '../../../lib/content/documents';
import type { MediaFile } from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { CpdLiveEventsOperation } from '../../../lib/cms/generated/operations/cpd-live-events';

/** Spec part 2, section 7: CpdLiveEvents (filter by slug). */
export const CPD_LIVE_EVENTS = appDocument(
  /* GraphQL */ `
  query CpdLiveEvents($slug: String!) {
    cpdLiveEvents(filters: { slug: { eq: $slug } }) {
      documentId
      title
      slug
      event_date
      venue
      main_text
      main_image {
        url
        alternativeText
        width
        height
        formats
      }
      main_image_decorative
      session {
        title
        session_date
        is_remote
        address_location
        start_end_time
        session_link
        session_link_title
        additional_info
      }
      documents { ${DOCUMENT_FIELDS} }
    }
  }
`,
  CpdLiveEventsOperation,
);

export interface CpdSessionDetails {
  title: string | null;
  session_date: string | null;
  is_remote: boolean | null;
  address_location: string | null;
  start_end_time: string | null;
  session_link: string | null;
  session_link_title: string | null;
  additional_info: string | null;
}

export interface CpdLiveEventData {
  documentId: string;
  title: string;
  slug: string;
  event_date: string | null;
  venue: string | null;
  main_text: string | null;
  main_image: MediaFile | null;
  main_image_decorative?: boolean | null;
  session: CpdSessionDetails | null;
  documents: CmsDocument[] | null;
}

export function cpdLiveEventQueryOptions(vars: { slug: string }) {
  return queryOptions({
    queryKey: ['CpdLiveEvents', vars],
    queryFn: async ({ signal }) =>
      (await requestCms(CPD_LIVE_EVENTS, vars, signal)).cpdLiveEvents[0] ?? null,
  });
}

export function useCpdLiveEvent(vars: { slug: string }) {
  return useQuery(cpdLiveEventQueryOptions(vars));
}
