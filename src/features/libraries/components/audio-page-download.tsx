import { useMemo } from 'react';
import type { DownloadPlan } from '../../../lib/offline/download-plan';
import { MakeAvailableOffline } from '../../../lib/ui/make-available-offline';
import { AUDIO_PAGES_COMBINED } from '../api/audio-pages-combined';

/** An audio page's download (one page or several shown together): the page, its recordings and scores. */
export function AudioPageDownload({ ids, title, path }: { ids: string[]; title: string; path: string }) {
  const plan = useMemo<DownloadPlan>(
    () => ({
      kind: 'audio-page',
      contentId: ids.join(','),
      title,
      path,
      collect: async (run) => {
        await run(AUDIO_PAGES_COMBINED, { ids });
      },
    }),
    [ids, title, path],
  );
  return <MakeAvailableOffline plan={plan} />;
}
