import { collectLessonSlides } from '../../../lib/lesson-content/collect-lesson-slides';
import type { DownloadPlan } from '../../../lib/offline/download-plan';
import type { PlanBuilder } from '../../../lib/offline/plan-builders';
import { SCHEME_LESSONS_QUERY } from '../api/scheme-lessons-query';
import { SCHEMES_QUERY } from '../api/schemes-query';

/** A unit's download is its page and all its lessons: their pages, slides and media. */
export function unitDownloadPlan({
  unitId,
  programmeSlug,
  lessonIds,
  title,
  path,
}: {
  unitId: string;
  programmeSlug: string;
  lessonIds: string[];
  title: string;
  path: string;
}): DownloadPlan {
  return {
    kind: 'unit',
    contentId: unitId,
    params: { unitId, programmeSlug, lessonIds },
    title,
    path,
    collect: async (run) => {
      await run(SCHEMES_QUERY, { id: unitId, programmeSlug });
      for (const lessonId of lessonIds) {
        await run(SCHEME_LESSONS_QUERY, { lessonId, schemeId: unitId });
        await collectLessonSlides(run, lessonId);
      }
    },
  };
}

/** The same plan from a download record, for a resume without the unit's page. */
export const buildUnitDownloadPlan: PlanBuilder = ({ unitId, programmeSlug, lessonIds }, record) => {
  if (typeof unitId !== 'string' || typeof programmeSlug !== 'string' || !Array.isArray(lessonIds)) return undefined;
  return unitDownloadPlan({ unitId, programmeSlug, lessonIds, title: record.title, path: record.path });
};
