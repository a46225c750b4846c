import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { DOCUMENT_FIELDS, type CmsDocument } from '../../../lib/content/documents';
import {
  CAPTION_TRACK_FIELDS,
  type CaptionTrack,
  type DescriptionTrack,
  type MediaFile,
} from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { CpdSessionsOperation } from '../../../lib/cms/generated/operations/cpd-sessions';

/** Spec part 2, section 7: CpdSessions (filter by slug). */
export const CPD_SESSIONS = appDocument(
  /* GraphQL */ `
  query CpdSessions($slug: String!) {
    cpdSessions(filters: { slug: { eq: $slug } }) {
      documentId
      title
      slug
      main_text
      video {
        title
        embed
        file {
          url
          mime
          width
          height
        }
        captions {${CAPTION_TRACK_FIELDS}        }
        descriptions {
          file {
            url
          }
        }
        described_file {
          url
        }
        transcript
      }
      documents { ${DOCUMENT_FIELDS} }
    }
  }
`,
  CpdSessionsOperation,
);

export interface CpdSessionData {
  documentId: string;
  title: string;
  slug: string;
  main_text: string | null;
  video: {
    title: string | null;
    embed: string | null;
    file: MediaFile | null;
    captions: CaptionTrack[] | null;
    /** WebVTT text descriptions (WCAG 1.2.5): the 'Audio description' switch reads the first. */
    descriptions?: DescriptionTrack[] | null;
    /** The same film with the descriptions in its soundtrack, played while the switch is on. */
    described_file?: { url: string } | null;
    transcript: string | null;
  } | null;
  documents: CmsDocument[] | null;
}

export function cpdSessionQueryOptions(vars: { slug: string }) {
  return queryOptions({
    queryKey: ['CpdSessions', vars],
    queryFn: async ({ signal }) =>
      (await requestCms(CPD_SESSIONS, vars, signal)).cpdSessions[0] ?? null,
  });
}

export function useCpdSession(vars: { slug: string }) {
  return useQuery(cpdSessionQueryOptions(vars));
}
