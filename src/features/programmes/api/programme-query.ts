import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import type { CmsDocument } from '../../../lib/content/documents';
import {
  CAPTION_TRACK_FIELDS,
  type CaptionTrack,
  type MediaFile,
} from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { ProgrammeQueryOperation } from '../../../lib/cms/generated/operations/programme-query';

const PROGRAMME_FIELDS = /* GraphQL */ `
  programmes(filters: { slug: { eq: $slug } }) {
    documentId
    title
    slug
    released
    blurb
    introduction
    introduction_at_home
    schemes_intro
    media_introduction
    media_embed
    media_captions {${CAPTION_TRACK_FIELDS}    }
    media_transcript
    media_poster { url }
    units { documentId title blurb }
    has_custom_scheme_plan(audienceSlug: $audienceSlug)
    summary_document { id title file { documentId url ext } }
    activity_libraries { documentId title }
    audio_libraries { documentId title }
    theme {
      css
      main_banner_offset
      main_banner_image { url alternativeText width height formats }
      main_banner_image_decorative
      programme_logo { url alternativeText width height formats }
      programme_logo_decorative
    }
  }
  audiences(filters: { slug: { eq: $audienceSlug } }) { documentId title slug }
  atHomeLibraries(filters: { programme: { slug: { eq: $slug } } }, sort: "title:asc") { documentId numeric_id title }
`;

/**
 * Spec part 2, section 7: ProgrammeQuery (slug, audienceSlug). The custom scheme plans are for
 * active subscribers only; `has_custom_scheme_plan` tells everyone whether one exists, for the
 * 'Your units of work' link (cms/src/graphql/index.js).
 */
export const PROGRAMME_QUERY = appDocument(
  /* GraphQL */ `
  query ProgrammeQuery($slug: String!, $audienceSlug: String!) {
    ${PROGRAMME_FIELDS}
  }
`,
  ProgrammeQueryOperation,
);

export interface Programme {
  documentId: string;
  title: string;
  slug: string;
  released: boolean | null;
  blurb: string | null;
  introduction: string | null;
  introduction_at_home: string | null;
  schemes_intro: string | null;
  media_introduction: string | null;
  media_embed: string | null;
  /** WebVTT captions of the programme's introduction film (WCAG 1.2.2). */
  media_captions: CaptionTrack[] | null;
  media_transcript: string | null;
  /** A still of the introduction film, shown until it plays. */
  media_poster?: { url: string } | null;
  units: { documentId: string; title: string; blurb: string | null }[];
  has_custom_scheme_plan: boolean;
  summary_document: CmsDocument[] | null;
  activity_libraries: { documentId: string; title: string }[];
  audio_libraries: { documentId: string; title: string }[];
  theme: {
    css: unknown;
    main_banner_offset: number | null;
    main_banner_image: MediaFile | null;
    main_banner_image_decorative?: boolean | null;
    programme_logo: MediaFile | null;
    programme_logo_decorative?: boolean | null;
  } | null;
}

export interface ProgrammeQueryResult {
  programmes: Programme[];
  audiences: { documentId: string; title: string; slug: string }[];
  atHomeLibraries: { documentId: string; numeric_id: number; title: string }[];
}

export function programmeQueryOptions(vars: { slug: string; audienceSlug: string }) {
  return queryOptions({
    queryKey: ['ProgrammeQuery', vars],
    queryFn: ({ signal }) => requestCms(PROGRAMME_QUERY, vars, signal),
  });
}

export function useProgrammeQuery(vars: { slug: string; audienceSlug: string }) {
  return useQuery(programmeQueryOptions(vars));
}
