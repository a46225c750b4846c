import { useMemo } from 'react';
import { MakeAvailableOffline } from '../../../shared/offline/make-available-offline';
import { audioPageDownloadPlan } from './audio-page-download-plan';

/** An audio page's download (one page or several shown together): the page, its recordings and scores. */
export function AudioPageDownload({
  ids,
  title,
  path,
}: {
  ids: string[];
  title: string;
  path: string;
}) {
  const plan = useMemo(() => audioPageDownloadPlan({ ids, title, path }), [ids, title, path]);
  return <MakeAvailableOffline plan={plan} />;
}
