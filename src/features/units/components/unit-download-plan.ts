import { collectLessonSlides } from '../../../lib/lesson-content/collect-lesson-slides';
import type { DownloadPlan } from '../../../lib/offline/download-plan';
import { segment, type PlanBuilder } from '../../../lib/offline/plan-builders';
import { SCHEME_LESSONS_QUERY } from '../api/scheme-lessons-query';
import { SCHEMES_QUERY, type SchemesQueryResult } from '../api/schemes-query';

/**
 * A unit's download is its page and all its lessons: their pages, slides and media. The lessons
 * are the ones the unit's answer lists (so an update collects a lesson the editor added), and its
 * title is the CMS's (so an update renames the download, as a lesson's does).
 */
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
    // /{audience}/{programme}/unit/{unit}
    ownsPath: (candidate) =>
      new RegExp(`^/[\\w-]+/${segment(programmeSlug)}/unit/${segment(unitId)}$`).test(candidate),
    collect: async (run, found) => {
      const { scheme } = await run<SchemesQueryResult>(SCHEMES_QUERY, {
        id: unitId,
        programmeSlug,
      });
      if (scheme?.title) found?.title(scheme.title);
      // An answer without the unit's lessons (none for a lapsed subscription) keeps the ones the
      // download was made with rather than letting the stored lessons go.
      const listed = (scheme?.lessons ?? []).map((lesson) => lesson.documentId);
      for (const lessonId of listed.length > 0 ? listed : lessonIds) {
        await run(SCHEME_LESSONS_QUERY, { lessonId, schemeId: unitId });
        await collectLessonSlides(run, lessonId);
      }
    },
  };
}

/** The same plan from a download record, for a resume without the unit's page. */
export const buildUnitDownloadPlan: PlanBuilder = (
  { unitId, programmeSlug, lessonIds },
  record,
) => {
  if (typeof unitId !== 'string' || typeof programmeSlug !== 'string' || !Array.isArray(lessonIds))
    return undefined;
  return unitDownloadPlan({
    unitId,
    programmeSlug,
    lessonIds,
    title: record.title,
    path: record.path,
  });
};
