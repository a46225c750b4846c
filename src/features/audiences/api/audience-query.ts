import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import type { MediaFile } from '../../../lib/content/media';
import type { ProgrammeLink } from '../../../lib/content/programme-link';
import { appDocument } from '../../../lib/cms/app-document';
import { AudienceOperation } from '../../../lib/cms/generated/operations/audience';

export const FEATURE_BOX_FIELDS = /* GraphQL */ `
  id
  title
  blurb
  is_preview
  link_label
  tag_age_groups { id title slug }
  featured_image { url alternativeText width height formats }
  featured_image_decorative
  programmelink {
    document { documentId url name }
    audio { documentId title audio_excerpts { id title audio_file { documentId url caption name } } }
    landing_page { title slug }
    programme { title slug released }
    project { title slug }
    live_programme { title slug }
  }
`;

/** Spec part 2, section 7: Audience (audienceSlug; 'secondary' and 'live' for their homes). */
export const AUDIENCE_QUERY = appDocument(
  /* GraphQL */ `
  query Audience($audienceSlug: String!) {
    audiences(filters: { slug: { eq: $audienceSlug } }) {
      documentId
      title
      subtitle
      slug
      introduction
      libraries_intro
      theme { css main_banner_image { url alternativeText width height formats caption } main_banner_image_decorative }
      featurebox { ${FEATURE_BOX_FIELDS} }
    }
  }
`,
  AudienceOperation,
);

export interface FeatureBox {
  id: string;
  title: string | null;
  blurb: string | null;
  is_preview: boolean | null;
  link_label: string | null;
  tag_age_groups: { id: string; title: string | null; slug: string | null }[] | null;
  featured_image: MediaFile | null;
  /** Marked decorative by the editor: shown with alt="". */
  featured_image_decorative?: boolean | null;
  programmelink:
    | (ProgrammeLink & {
        document?: { documentId: string; url: string; name: string } | null;
        audio?: FeatureBoxAudio | null;
      })
    | null;
}

/** The audio page a card links to (spec part 2, "Landing pages": an audio player shows if audio is attached). */
export interface FeatureBoxAudio {
  documentId: string;
  title: string;
  audio_excerpts:
    | {
        id: string;
        title: string | null;
        audio_file: {
          documentId: string;
          url: string;
          caption: string | null;
          name: string;
        } | null;
      }[]
    | null;
}

export interface AudienceData {
  documentId: string;
  title: string;
  subtitle: string | null;
  slug: string;
  introduction: string | null;
  libraries_intro: string | null;
  theme: {
    css: unknown;
    main_banner_image: MediaFile | null;
    main_banner_image_decorative?: boolean | null;
  } | null;
  featurebox: FeatureBox[];
}

export function audienceQueryOptions(vars: { audienceSlug: string }) {
  return queryOptions({
    queryKey: ['Audience', vars],
    queryFn: async ({ signal }) =>
      // Narrower than the schema's type: a repeatable component's list is [] when empty, never null.
      ((await requestCms(AUDIENCE_QUERY, vars, signal)) as { audiences: AudienceData[] })
        .audiences[0] ?? null,
  });
}

export function useAudience(vars: { audienceSlug: string }) {
  return useQuery(audienceQueryOptions(vars));
}
