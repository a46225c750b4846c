import type { LibraryActivity } from '../api/activity-libraries';

/** Spec part 2, section 5: a case-insensitive substring match on the title. */
export function filterByTitle<T extends { title: string }>(items: readonly T[], text: string): T[] {
  const needle = text.trim().toLocaleLowerCase();
  return needle
    ? items.filter((item) => item.title.toLocaleLowerCase().includes(needle))
    : [...items];
}

/**
 * The library path of an activity from the unscoped filter. A missing audience or programme
 * makes the path contain 'undefined', which the card shows as 'link to activity library not
 * available' (spec part 2, "Activity page").
 */
export function contextPathOf(
  activity: Pick<LibraryActivity, 'documentId' | 'programme' | 'audiences'>,
): string {
  return `/${activity.audiences[0]?.slug}/${activity.programme?.slug}/activities/-/${activity.documentId}`;
}
