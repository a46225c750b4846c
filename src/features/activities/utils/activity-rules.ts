import type { ActivityOption, ActivityPageResult } from '../api/activity-page-query';

/** Spec part 2, "Activity page": the option by the route parameter, else the first. */
export function chooseById<T extends { id?: string; documentId?: string }>(
  list: readonly T[] | null | undefined,
  id: string | undefined,
): T | null {
  const items = list ?? [];
  return items.find((item) => (item.documentId ?? item.id) === id) ?? items[0] ?? null;
}

/** Learning objectives are shown only for the audience the page is shown under. */
export function objectivesFor(option: ActivityOption | null, audienceSlug: string | null) {
  return (option?.learning_objectives ?? []).filter(
    (objective) => objective.audience?.slug === audienceSlug,
  );
}

/** The activity after this one in the lesson (dividers skipped), for the 'Next:' link. */
export function nextInLesson(result: ActivityPageResult, activityId: string) {
  const entries = (result.lesson?.activity ?? []).flatMap((entry) =>
    entry.activity ? [entry.activity] : [],
  );
  const index = entries.findIndex((activity) => activity.documentId === activityId);
  return index >= 0 ? (entries[index + 1] ?? null) : null;
}

/** The path of the activity page without its option and delivery segments. */
export function activityBasePath(pathname: string, activityId: string): string {
  const marker = `/${activityId}`;
  const at = pathname.lastIndexOf(marker);
  return at >= 0 ? pathname.slice(0, at + marker.length) : pathname.replace(/\/+$/, '');
}

/**
 * The lesson the activity was opened from, in a unit or a custom unit: its title (the
 * breadcrumb) and whether it turns lesson mode off (then no 'Start Activity', spec part 2).
 * Null outside a lesson, or before the CMS has said.
 */
export function lessonContext(
  result: ActivityPageResult,
  lessonId: string | undefined,
): { title: string; lessonModeOff: boolean } | null {
  if (result.lesson)
    return {
      title: result.lesson.title,
      lessonModeOff: Boolean(result.lesson.disable_lesson_mode),
    };
  const plan = (result.customSchemePlans ?? [])
    .flatMap((candidate) => candidate.lesson_plans ?? [])
    .find((lesson) => lesson.id === lessonId);
  return plan ? { title: plan.title, lessonModeOff: Boolean(plan.disable_lesson_mode) } : null;
}
