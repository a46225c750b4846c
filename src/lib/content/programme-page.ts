import { useQuery } from '@tanstack/react-query';
import {
  programmePagePath,
  SECONDARY_AUDIENCE,
  SECONDARY_KEY_STAGES,
} from '@music-classroom/shared/programme-page';
import { requestCms } from '../cms/graphql-client';
import { appDocument } from '../cms/app-document';
import { KeyStageProgrammesOperation } from '../cms/generated/operations/key-stage-programmes';

/**
 * The programmes the secondary key stages' landing pages link from their cards: a secondary
 * programme's page is under the first of them that links it (packages/shared/programme-page.mjs,
 * the rule the CMS's search follows too).
 */
export const KEY_STAGE_PROGRAMMES = appDocument(
  /* GraphQL */ `
    query KeyStageProgrammes($keyStages: [String]!) {
      landingPages(filters: { slug: { in: $keyStages } }) {
        slug
        features {
          programmelink {
            programme {
              slug
            }
          }
        }
      }
    }
  `,
  KeyStageProgrammesOperation,
);

export interface KeyStagePage {
  slug: string;
  features: { programmelink: { programme: { slug: string } | null } | null }[] | null;
}

/** The slugs of the landing pages among `pages` whose cards link `programme`. */
function pagesLinking(pages: readonly KeyStagePage[], programme: string): string[] {
  return pages
    .filter((page) =>
      (page.features ?? []).some((box) => box.programmelink?.programme?.slug === programme),
    )
    .map((page) => page.slug);
}

/**
 * The address of a programme's page, by the one rule: /{audience}/{programme}, and for a secondary
 * programme /secondary/{key stage}/programme/{programme} under the first key stage whose page (of
 * `pages`) links it, else the first key stage's (which shows the same programme page).
 */
export function programmePage(
  audience: string,
  programme: string,
  pages: readonly KeyStagePage[],
): string {
  const linkedFrom = audience === SECONDARY_AUDIENCE ? pagesLinking(pages, programme) : [];
  return programmePagePath(audience, programme, linkedFrom);
}

const NONE: readonly KeyStagePage[] = [];

/**
 * The secondary key stages' landing pages, with the programmes their cards link; asked for only
 * when `wanted` (a secondary programme's address is being made), empty until they answer.
 */
export function useKeyStagePages(wanted: boolean): readonly KeyStagePage[] {
  const query = useQuery({
    queryKey: ['KeyStageProgrammes'],
    queryFn: ({ signal }) =>
      requestCms(
        KEY_STAGE_PROGRAMMES,
        { keyStages: SECONDARY_KEY_STAGES.map((keyStage) => keyStage.path) },
        signal,
      ),
    enabled: wanted,
    staleTime: 5 * 60_000,
  });
  return (query.data?.landingPages ?? NONE) as KeyStagePage[];
}

/** The address of a programme's page (programmePage), reading the key stages' pages it needs. */
export function useProgrammePagePath(audience: string, programme: string): string {
  return programmePage(audience, programme, useKeyStagePages(audience === SECONDARY_AUDIENCE));
}
