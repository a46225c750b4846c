/** The lesson after this one in the unit, or null after the last (spec: 'Next lesson'). */
export function nextLesson<T extends { documentId: string }>(
  lessons: readonly T[] | null | undefined,
  current: string,
): T | null {
  const list = lessons ?? [];
  const index = list.findIndex((lesson) => lesson.documentId === current);
  return index >= 0 ? (list[index + 1] ?? null) : null;
}
