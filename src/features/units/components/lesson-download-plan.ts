import { collectLessonSlides } from '../../../lib/lesson-content/collect-lesson-slides';
import type { DownloadPlan, PlanParams } from '../../../lib/offline/download-plan';
import { segment, type PlanBuilder } from '../../../lib/offline/plan-builders';
import { SCHEME_LESSONS_QUERY, type SchemeLessonsResult } from '../api/scheme-lessons-query';

/** A lesson's download: its overview page, its slides in lesson mode, and their media. */
export function lessonDownloadPlan({
  lessonId,
  schemeId,
  title,
  path,
}: {
  lessonId: string;
  schemeId: string;
  title: string;
  path: string;
}): DownloadPlan {
  return {
    kind: 'lesson',
    contentId: lessonId,
    params: { lessonId, schemeId },
    title,
    path,
    // /{audience}/{programme}/unit/{unit}/lesson/{lesson}
    ownsPath: (candidate) =>
      new RegExp(`^/[\\w-]+/[\\w-]+/unit/${segment(schemeId)}/lesson/${segment(lessonId)}$`).test(
        candidate,
      ),
    collect: async (run, found) => {
      const overview = await run<SchemeLessonsResult>(SCHEME_LESSONS_QUERY, { lessonId, schemeId });
      if (overview.lesson?.title) found?.title(overview.lesson.title);
      await collectLessonSlides(run, lessonId);
    },
  };
}

const text = (params: PlanParams, key: string) =>
  typeof params[key] === 'string' ? params[key] : undefined;

/** The same plan from a download record, for a resume without the lesson's page. */
export const buildLessonDownloadPlan: PlanBuilder = (params, record) => {
  const lessonId = text(params, 'lessonId');
  const schemeId = text(params, 'schemeId');
  if (!lessonId || !schemeId) return undefined;
  return lessonDownloadPlan({ lessonId, schemeId, title: record.title, path: record.path });
};
