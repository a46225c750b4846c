import { useMemo } from 'react';
import { MakeAvailableOffline } from '../../../shared/offline/make-available-offline';
import { lessonDownloadPlan } from './lesson-download-plan';

/** A lesson's download: its overview page, its slides in lesson mode, and their media. */
export function LessonDownload({
  lessonId,
  schemeId,
  title,
  path,
}: {
  lessonId: string;
  schemeId: string;
  title: string;
  path: string;
}) {
  const plan = useMemo(
    () => lessonDownloadPlan({ lessonId, schemeId, title, path }),
    [lessonId, schemeId, title, path],
  );
  return <MakeAvailableOffline plan={plan} />;
}
