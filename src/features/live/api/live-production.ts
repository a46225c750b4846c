import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { DOCUMENT_FIELDS, type CmsDocument } from '../../../lib/content/documents';
import type { MediaFile } from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { LiveProductionOperation } from '../../../lib/cms/generated/operations/live-production';

/** Spec part 2, section 7: LiveProduction (slug). */
export const LIVE_PRODUCTION = appDocument(
  /* GraphQL */ `
  query LiveProduction($slug: String!) {
    liveProductions(filters: { slug: { eq: $slug } }) {
      documentId
      title
      slug
      main_text
      main_image {
        url
        alternativeText
        width
        height
        formats
      }
      main_image_decorative
      performance_dates
      performance_venues
      venues_link_label
      explore_activities_title
      active_live_performance
      bookings {
        id
        event_date
        venue_name
        booking_link
      }
      related_activities {
        documentId
        title
        time
        type
        introduction
      }
      audio_pages {
        documentId
        title
        introduction
      }
      documents { ${DOCUMENT_FIELDS} }
    }
  }
`,
  LiveProductionOperation,
);

export interface Booking {
  id: string;
  event_date: string | null;
  venue_name: string | null;
  booking_link: string | null;
}

export interface LiveProductionData {
  documentId: string;
  title: string;
  slug: string;
  main_text: string | null;
  main_image: MediaFile | null;
  main_image_decorative?: boolean | null;
  performance_dates: string | null;
  performance_venues: string | null;
  venues_link_label: string | null;
  explore_activities_title: string | null;
  active_live_performance: boolean | null;
  bookings: Booking[] | null;
  related_activities:
    | {
        documentId: string;
        title: string;
        time: string | null;
        type: string | null;
        introduction: string | null;
      }[]
    | null;
  audio_pages: { documentId: string; title: string; introduction: string | null }[] | null;
  documents: CmsDocument[] | null;
}

export function liveProductionQueryOptions(vars: { slug: string }) {
  return queryOptions({
    queryKey: ['LiveProduction', vars],
    queryFn: async ({ signal }) =>
      (await requestCms(LIVE_PRODUCTION, vars, signal)).liveProductions[0] ?? null,
  });
}

export function useLiveProduction(vars: { slug: string }) {
  return useQuery(liveProductionQueryOptions(vars));
}
