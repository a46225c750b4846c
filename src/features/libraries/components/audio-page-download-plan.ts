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
    // An audio library's page of these recordings: …/{id,id,…} under /audiolibrary or …/audio.
    ownsPath: (candidate) => {
      const segments = candidate.split('/');
      return (
        (segments.includes('audiolibrary') || segments.includes('audio')) &&
        segments.at(-1) === ids.join(',')
      );
    },
    collect: async (run, found) => {
      const { audioPages } = await run<{
        audioPages: { documentId: string; title: string | null }[] | null;
      }>(AUDIO_PAGES_COMBINED, { ids });
      // Named as its page names it: the pages' titles in the address's order.
      const titles = ids.flatMap((id) => {
        const title = audioPages?.find((page) => page.documentId === id)?.title;
        return title ? [title] : [];
      });
      if (titles.length > 0) found?.title(titles.join(', '));
    },
  };
}

/** The same plan from a download record, for a resume without the audio page. */
export const buildAudioPageDownloadPlan: PlanBuilder = ({ ids }, record) =>
  Array.isArray(ids)
    ? audioPageDownloadPlan({ ids, title: record.title, path: record.path })
    : undefined;
