import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import type { MediaFile } from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { LiveProgrammeOperation } from '../../../lib/cms/generated/operations/live-programme';

const IMAGE = 'url alternativeText width height formats';

/** Spec part 2, section 7: LiveProgramme (slug). */
export const LIVE_PROGRAMME = appDocument(
  /* GraphQL */ `
  query LiveProgramme($slug: String!) {
    liveProgrammes(filters: { slug: { eq: $slug } }) {
      documentId
      title
      slug
      subtitle
      main_text
      quotation { id quotation attribution }
      performances_heading
      productions_heading
      theme { css main_banner_image { ${IMAGE} } main_banner_image_decorative }
      live_performances { id title slug blurb performance_dates performance_venues dates thumbnail_images { ${IMAGE} } thumbnail_images_decorative }
      live_productions { documentId slug title blurb thumbnail_images { ${IMAGE} } thumbnail_images_decorative }
    }
  }
`,
  LiveProgrammeOperation,
);

export interface LiveCard {
  slug: string | null;
  title: string;
  blurb: string | null;
  thumbnail_images: MediaFile[] | null;
  thumbnail_images_decorative?: boolean | null;
}

export interface LiveProgrammeData {
  documentId: string;
  title: string;
  slug: string;
  subtitle: string | null;
  main_text: string | null;
  quotation: { id: string; quotation: string | null; attribution: string | null }[] | null;
  performances_heading: string | null;
  productions_heading: string | null;
  theme: {
    css: unknown;
    main_banner_image: MediaFile | null;
    main_banner_image_decorative?: boolean | null;
  } | null;
  live_performances:
    | (LiveCard & {
        id: string;
        performance_dates: string | null;
        performance_venues: string | null;
        dates: string | null;
      })[]
    | null;
  live_productions: (LiveCard & { documentId: string })[] | null;
}

export function liveProgrammeQueryOptions(vars: { slug: string }) {
  return queryOptions({
    queryKey: ['LiveProgramme', vars],
    queryFn: async ({ signal }) =>
      // Narrower than the schema's type (texts the page requires).
      ((await requestCms(LIVE_PROGRAMME, vars, signal)) as { liveProgrammes: LiveProgrammeData[] })
        .liveProgrammes[0] ?? null,
  });
}

export function useLiveProgramme(vars: { slug: string }) {
  return useQuery(liveProgrammeQueryOptions(vars));
}
