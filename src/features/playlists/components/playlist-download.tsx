import { useMemo } from 'react';
import type { PlaylistRecord } from '../../../lib/db/database';
import { collectActivitySlides } from '../../../lib/lesson-content/collect-lesson-slides';
import type { DownloadPlan } from '../../../lib/offline/download-plan';
import { isAudioItemDetails } from '../../../lib/playlists/playlist-queries';
import { ACTIVITY_ITEM, AUDIO_ITEM } from '../../../lib/sync/playlist-mapping';
import { MakeAvailableOffline } from '../../../lib/ui/make-available-offline';
import { PLAYLIST_PAGE_CONTENT } from '../api/playlist-page-content';

/**
 * A playlist's download: the playlist itself is already on this device (Dexie); this stores what
 * running it in lesson mode needs besides: its activities' slideshows and sub-slideshows, their
 * media, and its audio items' files. Adding or removing items later offers 'Update download'.
 */
export function PlaylistDownload({ playlist }: { playlist: PlaylistRecord }) {
  const plan = useMemo<DownloadPlan>(() => {
    const activityIds = playlist.items.filter((item) => item.kind === ACTIVITY_ITEM).map((item) => item.itemId);
    const audioFiles = playlist.items.flatMap((item) =>
      item.kind === AUDIO_ITEM && isAudioItemDetails(item.details) ? [item.details.url] : [],
    );
    return {
      kind: 'playlist',
      contentId: playlist.clientId,
      title: playlist.title,
      path: `/playlists/${playlist.clientId}`,
      media: audioFiles,
      version: playlist.items.map((item) => `${item.kind}:${item.itemId}`).join(','),
      collect: async (run) => {
        await run(PLAYLIST_PAGE_CONTENT);
        await collectActivitySlides(run, activityIds);
      },
    };
  }, [playlist]);
  return <MakeAvailableOffline plan={plan} />;
}
