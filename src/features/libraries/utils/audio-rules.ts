/** Spec part 2, section 9: a score's caption defaults to 'Download score (PDF)'. */
export const DEFAULT_SCORE_CAPTION = 'Download score (PDF)';

export function scoreCaption(caption: string | null | undefined): string {
  return caption?.trim() || DEFAULT_SCORE_CAPTION;
}

/** '/page/{ids joined by comma}': the ids in order, without blanks or repeats. */
export function parsePageIds(param: string | undefined): string[] {
  return [...new Set((param ?? '').split(',').map((id) => id.trim()).filter(Boolean))];
}

/** 'N recordings', 'N songs', 'N activities' (spec part 2, "Libraries"). */
export function countLabel(count: number, noun: 'recordings' | 'songs' | 'activities'): string {
  return `${count} ${noun}`;
}
