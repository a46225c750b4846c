import { useMemo } from 'react';
import { collectLessonSlides } from '../../../lib/lesson-content/collect-lesson-slides';
import type { DownloadPlan } from '../../../lib/offline/download-plan';
import { MakeAvailableOffline } from '../../../lib/ui/make-available-offline';
import { SCHEME_LESSONS_QUERY } from '../api/scheme-lessons-query';

/** A lesson's download: its overview page, its slides in lesson mode, and their media. */
export function LessonDownload({ lessonId, schemeId, title, path }: { lessonId: string; schemeId: string; title: string; path: string }) {
  const plan = useMemo<DownloadPlan>(
    () => ({
      kind: 'lesson',
      contentId: lessonId,
      title,
      path,
      collect: async (run) => {
        await run(SCHEME_LESSONS_QUERY, { lessonId, schemeId });
        await collectLessonSlides(run, lessonId);
      },
    }),
    [lessonId, schemeId, title, path],
  );
  return <MakeAvailableOffline plan={plan} />;
}
