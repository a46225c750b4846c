import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { AudioPagesCombinedOperation } from '../../../lib/cms/generated/operations/audio-pages-combined';

/**
 * Spec part 2, section 7: AudioPagesCombined (ids). One query for an audio page or several
 * (the library's /page/{ids joined by comma} links show a few pages together).
 */
export const AUDIO_PAGES_COMBINED = appDocument(
  /* GraphQL */ `
    query AudioPagesCombined($ids: [ID]!) {
      audioPages(filters: { documentId: { in: $ids } }) {
        documentId
        title
        introduction
        Score {
          documentId
          url
          caption
          name
          ext
          size
        }
        audio_excerpts {
          id
          title
          summary
          transcript
          audio_file {
            documentId
            url
            caption
            name
            size
          }
        }
      }
    }
  `,
  AudioPagesCombinedOperation,
);

export interface AudioPageData {
  documentId: string;
  title: string;
  introduction: string | null;
  Score:
    | {
        documentId: string;
        url: string;
        caption: string | null;
        name: string;
        ext: string | null;
      }[]
    | null;
  audio_excerpts:
    | {
        id: string;
        title: string | null;
        summary: string | null;
        /** Lyrics or a transcript (rich text), shown under the player. */
        transcript: string | null;
        audio_file: {
          documentId: string;
          url: string;
          caption: string | null;
          name: string;
          size?: number | null;
        } | null;
      }[]
    | null;
}

export function audioPagesCombinedQueryOptions(vars: { ids: string[] }) {
  return queryOptions({
    queryKey: ['AudioPagesCombined', vars],
    queryFn: async ({ signal }) =>
      (await requestCms(AUDIO_PAGES_COMBINED, vars, signal)).audioPages,
  });
}

export function useAudioPagesCombined(vars: { ids: string[] }) {
  return useQuery(audioPagesCombinedQueryOptions(vars));
}
