import { countOf } from '../../../lib/text/count';

/** Spec part 2, section 9: a score's caption defaults to 'Download score (PDF)'. */
export const DEFAULT_SCORE_CAPTION = 'Download score (PDF)';

export function scoreCaption(caption: string | null | undefined): string {
  return caption?.trim() || DEFAULT_SCORE_CAPTION;
}

/** '/page/{ids joined by comma}': the ids in order, without blanks or repeats. */
export function parsePageIds(param: string | undefined): string[] {
  return [
    ...new Set(
      (param ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

const SINGULAR = { recordings: 'recording', songs: 'song', activities: 'activity' } as const;

/**
 * 'N recordings', 'N songs', 'N activities' (spec part 2, "Libraries"), with '1 recording',
 * '1 song', '1 activity'. A recording is one audio excerpt, a song one audio page (a
 * collection's count), an activity one activity page.
 */
export function countLabel(count: number, noun: keyof typeof SINGULAR): string {
  return countOf(count, SINGULAR[noun], noun);
}

/**
 * The pages in the order their address lists them (the library's order, as "Listen to all on one
 * page" links them), whatever order the CMS answers in; ids it does not know are left out.
 */
export function inAddressOrder<Page extends { documentId: string }>(
  pages: readonly Page[],
  ids: readonly string[],
): Page[] {
  const byId = new Map(pages.map((page) => [page.documentId, page]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
