import { countOf } from '../text/count';

/**
 * How a custom unit is assembled from its programme's custom scheme plan (spec part 2, sections 3
 * and 5; the rule the seed is written for is in cms/CONTENT-MODEL.md, "Custom units"):
 * - a lesson plan belongs to the unit when it is featured, or when one of its
 *   combination_key_configurations keys is among the unit's strands' keys;
 * - its activity_pool entries are kept when their strand is one of the unit's strands.
 * Custom-unit pages and lesson mode both read a unit through these, so they always agree.
 */

export interface PlanActivity {
  documentId: string;
  title: string;
}

export interface PlanLesson<A extends PlanActivity = PlanActivity> {
  id: string;
  title: string | null;
  featured?: boolean | null;
  disable_lesson_mode: boolean | null;
  combination_key_configurations?: { combination_key: string | null }[] | null;
  activities_above: A[] | null;
  activities: A[] | null;
  activity_pool: { learning_strand: { documentId: string } | null; activity: A | null }[] | null;
}

export interface UnitStrand {
  documentId: string;
  combination_key?: string | null;
}

/** The lesson plans of a unit with these strands, in the plan's order. */
export function lessonsForStrands<L extends PlanLesson<PlanActivity>>(
  lessons: L[] | null | undefined,
  strands: UnitStrand[],
): L[] {
  const keys = new Set(
    strands.map((strand) => strand.combination_key).filter((key): key is string => Boolean(key)),
  );
  return (lessons ?? []).filter(
    (lesson) =>
      lesson.featured === true ||
      (lesson.combination_key_configurations ?? []).some(
        (config) => config.combination_key !== null && keys.has(config.combination_key),
      ),
  );
}

/**
 * A lesson plan's activities in the order a teacher meets them: the activities above, the plan's
 * own, then the pool entries of the unit's strands. An activity listed twice is kept once, as
 * the page and lesson mode address activities by id.
 */
export function lessonActivities<A extends PlanActivity>(
  lesson: PlanLesson<A>,
  strands: UnitStrand[],
): A[] {
  const strandIds = new Set(strands.map((strand) => strand.documentId));
  const pool = (lesson.activity_pool ?? [])
    .filter(
      (entry) => entry.learning_strand !== null && strandIds.has(entry.learning_strand.documentId),
    )
    .map((entry) => entry.activity);
  const seen = new Set<string>();
  return [...(lesson.activities_above ?? []), ...(lesson.activities ?? []), ...pool].filter(
    (activity): activity is A => {
      if (!activity || seen.has(activity.documentId)) return false;
      seen.add(activity.documentId);
      return true;
    },
  );
}

/** The default unit name: the chosen strands' titles joined by spaces (spec part 2, section 5). */
export function defaultUnitName(strands: { title: string }[]): string {
  return strands.map((strand) => strand.title).join(' ');
}

/** The builder's count when a builder does not set one (spec part 2, section 9). */
export const DEFAULT_REQUIRED_STRANDS = 4;

/**
 * 'Select {n} more strands to create your unit' (spec part 2; '1 more strand' for one) until enough
 * are chosen, then 'Create your unit'.
 */
export function builderButtonLabel(chosen: number, required: number): string {
  const missing = required - chosen;
  return missing > 0
    ? `Select ${countOf(missing, 'more strand', 'more strands')} to create your unit`
    : 'Create your unit';
}
