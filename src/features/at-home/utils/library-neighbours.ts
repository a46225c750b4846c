/** The activities either side of one in its at-home library, for 'Previous activity' / 'Next activity'. */
export function libraryNeighbours<A extends { documentId: string }>(
  activities: readonly A[] | null | undefined,
  current: string,
): { previous: A | null; next: A | null } {
  const list = activities ?? [];
  const index = list.findIndex((activity) => activity.documentId === current);
  if (index < 0) return { previous: null, next: null };
  return { previous: list[index - 1] ?? null, next: list[index + 1] ?? null };
}

/** Music and equipment are comma- or line-separated text in the CMS; shown as tags. */
export function tagsFrom(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[,\n]/)
    .map((tag) => tag.replace(/<[^>]*>/g, '').trim())
    .filter(Boolean);
}
