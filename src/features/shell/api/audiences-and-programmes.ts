import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import type { ProgrammeLink } from '../../../lib/content/programme-link';
import { appDocument } from '../../../lib/cms/app-document';
import { AudiencesAndProgrammesOperation } from '../../../lib/cms/generated/operations/audiences-and-programmes';

/** Spec part 1, section 7: the one query the shell runs. */
export const AUDIENCES_AND_PROGRAMMES = appDocument(
  /* GraphQL */ `
    query AudiencesAndProgrammes {
      audiences(sort: "order:asc") {
        documentId
        title
        slug
        featurebox {
          id
          title
          is_preview
          link_label
          programmelink {
            landing_page {
              title
              slug
            }
            programme {
              title
              slug
              released
            }
            project {
              title
              slug
            }
            live_programme {
              title
              slug
            }
          }
        }
      }
      schemes {
        documentId
        title
      }
      liveProgrammes {
        documentId
        title
        slug
      }
      liveProductions {
        documentId
        title
        slug
      }
      projects {
        documentId
        title
        slug
        audience {
          slug
        }
      }
      landingPages {
        documentId
        title
        slug
        audience {
          slug
        }
      }
      programmes {
        documentId
        title
        slug
        released
        theme {
          css
        }
        audience {
          slug
        }
      }
    }
  `,
  AudiencesAndProgrammesOperation,
);

export interface NavFeatureBox {
  id: string;
  title: string;
  is_preview: boolean | null;
  link_label: string | null;
  programmelink: ProgrammeLink | null;
}

export interface NavAudience {
  documentId: string;
  title: string;
  slug: string;
  featurebox: NavFeatureBox[];
}

interface Titled {
  documentId: string;
  title: string;
  slug?: string;
}

export interface AudiencesAndProgrammes {
  audiences: NavAudience[];
  schemes: Titled[];
  liveProgrammes: Titled[];
  liveProductions: Titled[];
  projects: (Titled & { audience: { slug: string } | null })[];
  landingPages: (Titled & { audience: { slug: string } | null })[];
  programmes: (Titled & {
    released: boolean | null;
    theme: { css: unknown } | null;
    audience: { slug: string } | null;
  })[];
}

export function audiencesAndProgrammesQueryOptions() {
  return queryOptions({
    queryKey: ['AudiencesAndProgrammes'],
    queryFn: ({ signal }) =>
      // Narrower than the schema's type: a repeatable component's list is [] when empty, never null.
      requestCms(AUDIENCES_AND_PROGRAMMES, {}, signal) as Promise<AudiencesAndProgrammes>,
    meta: { persist: true },
    staleTime: 5 * 60_000,
  });
}

export function useAudiencesAndProgrammes() {
  return useQuery(audiencesAndProgrammesQueryOptions());
}
