import { lessonActivities, lessonsForStrands } from '../../../lib/content/custom-plan';
import type {
  CustomLessonPlan,
  CustomSchemePlanData,
  CustomSchemeQueryData,
  CustomUnit,
  PlanActivityCard,
} from '../api/custom-scheme-query';

export interface CustomUnitView {
  unit: CustomUnit;
  plan: CustomSchemePlanData | null;
  lessons: CustomLessonPlan[];
}

/**
 * A unit with the plan of its own programme and audience and the lesson plans its strands select
 * (the same rule lesson mode uses). Null when the CMS did not return the unit: it does not exist,
 * or it is someone else's.
 */
export function customUnitView(data: CustomSchemeQueryData): CustomUnitView | null {
  const unit = data.customScheme;
  if (!unit) return null;
  const plan =
    data.customSchemePlans.find(
      (candidate) =>
        (!unit.programme || candidate.programme?.slug === unit.programme.slug) &&
        (!unit.audience || candidate.audience?.slug === unit.audience.slug),
    ) ?? null;
  return {
    unit,
    plan,
    lessons: lessonsForStrands(plan?.lesson_plans, unit.learning_strands ?? []),
  };
}

/** One of the unit's lessons with its activities in teaching order, or null when it is not one of them. */
export function customLessonView(
  view: CustomUnitView,
  lessonId: string,
): { lesson: CustomLessonPlan; activities: PlanActivityCard[] } | null {
  const lesson = view.lessons.find((candidate) => candidate.id === lessonId);
  if (!lesson) return null;
  return { lesson, activities: lessonActivities(lesson, view.unit.learning_strands ?? []) };
}
