import { useMemo } from 'react';
import { MakeAvailableOffline } from '../../../shared/offline/make-available-offline';
import { unitDownloadPlan } from './unit-download-plan';

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
  const plan = useMemo(
    () =>
      unitDownloadPlan({
        unitId,
        programmeSlug,
        title,
        path,
        lessonIds: lessons.map((lesson) => lesson.documentId),
      }),
    [unitId, programmeSlug, title, path, lessons],
  );
  return <MakeAvailableOffline plan={plan} />;
}
