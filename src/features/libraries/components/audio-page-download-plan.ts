import type { DownloadPlan } from '../../../lib/offline/download-plan';
import type { PlanBuilder } from '../../../lib/offline/plan-builders';
import { AUDIO_PAGES_COMBINED } from '../api/audio-pages-combined';

/** An audio page's download (one page or several shown together): the page, its recordings and scores. */
export function audioPageDownloadPlan({
  ids,
  title,
  path,
}: {
  ids: string[];
  title: string;
  path: string;
}): DownloadPlan {
  return {
    kind: 'audio-page',
    contentId: ids.join(','),
    params: { ids },
    title,
    path,
    collect: async (run) => {
      await run(AUDIO_PAGES_COMBINED, { ids });
    },
  };
}

/** The same plan from a download record, for a resume without the audio page. */
export const buildAudioPageDownloadPlan: PlanBuilder = ({ ids }, record) =>
  Array.isArray(ids)
    ? audioPageDownloadPlan({ ids, title: record.title, path: record.path })
    : undefined;
