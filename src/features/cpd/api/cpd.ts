import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { DOCUMENT_FIELDS, type CmsDocument } from '../../../lib/content/documents';
import type { MediaFile } from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { CpdOperation } from '../../../lib/cms/generated/operations/cpd';

const CARD =
  'documentId title blurb slug main_image { url alternativeText width height formats } main_image_decorative';

/** Spec part 2, section 7: Cpd (none): the CPD home with its events and video sessions. */
export const CPD = appDocument(
  /* GraphQL */ `
  query Cpd {
    cpd {
      title
      body_content
      live_events_heading
      video_sessions_title
      documents { ${DOCUMENT_FIELDS} }
      cpd_live_events(sort: "event_date:asc") { ${CARD} event_date venue }
      cpd_sessions { ${CARD} }
    }
  }
`,
  CpdOperation,
);

export interface CpdCard {
  documentId: string;
  title: string;
  blurb: string | null;
  slug: string;
  main_image: MediaFile | null;
  main_image_decorative?: boolean | null;
  event_date?: string | null;
  venue?: string | null;
}

export interface CpdData {
  title: string | null;
  body_content: string | null;
  live_events_heading: string | null;
  video_sessions_title: string | null;
  documents: CmsDocument[] | null;
  cpd_live_events: CpdCard[] | null;
  cpd_sessions: CpdCard[] | null;
}

export function cpdQueryOptions() {
  return queryOptions({
    queryKey: ['Cpd'],
    queryFn: async ({ signal }) => (await requestCms(CPD, {}, signal)).cpd,
  });
}

export function useCpd() {
  return useQuery(cpdQueryOptions());
}
