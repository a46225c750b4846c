import { useMemo } from 'react';
import { collectLessonSlides } from '../../../lib/lesson-content/collect-lesson-slides';
import type { DownloadPlan } from '../../../lib/offline/download-plan';
import { MakeAvailableOffline } from '../../../lib/ui/make-available-offline';
import { SCHEME_LESSONS_QUERY } from '../api/scheme-lessons-query';
import { SCHEMES_QUERY } from '../api/schemes-query';

/** A unit's download is its page and all its lessons: their pages, slides and media. */
export function UnitDownload({
  unitId,
  programmeSlug,
  title,
  path,
  lessons,
}: {
  unitId: string;
  programmeSlug: string;
  title: string;
  path: string;
  lessons: { documentId: string }[];
}) {
  const plan = useMemo<DownloadPlan>(
    () => ({
      kind: 'unit',
      contentId: unitId,
      title,
      path,
      collect: async (run) => {
        await run(SCHEMES_QUERY, { id: unitId, programmeSlug });
        for (const lesson of lessons) {
          await run(SCHEME_LESSONS_QUERY, { lessonId: lesson.documentId, schemeId: unitId });
          await collectLessonSlides(run, lesson.documentId);
        }
      },
    }),
    [unitId, programmeSlug, title, path, lessons],
  );
  return <MakeAvailableOffline plan={plan} />;
}
