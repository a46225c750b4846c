import { db, type PlaylistRecord } from '../../../lib/db/database';
import { collectActivitySlides } from '../../../lib/lesson-content/collect-lesson-slides';
import { kilobytesToBytes } from '../../../lib/offline/collect-media';
import type { DownloadPlan } from '../../../lib/offline/download-plan';
import type { PlanBuilder } from '../../../lib/offline/plan-builders';
import { isAudioItemDetails } from '../../../lib/playlists/playlist-queries';
import { ACTIVITY_ITEM, AUDIO_ITEM } from '../../../lib/sync/playlist-mapping';
import { PLAYLIST_PAGE_CONTENT } from '../api/playlist-page-content';

/**
 * A playlist's download: the playlist itself is already on this device (Dexie); this stores what
 * running it in lesson mode needs besides: its activities' slideshows and sub-slideshows, their
 * media, and its audio items' files. Adding or removing items later offers 'Update download'.
 */
export function playlistDownloadPlan(playlist: PlaylistRecord): DownloadPlan {
  const activityIds = playlist.items
    .filter((item) => item.kind === ACTIVITY_ITEM)
    .map((item) => item.itemId);
  // The size (kB) travels with the item when the CMS or the audio page gave it.
  const audioFiles = playlist.items.flatMap((item) =>
    item.kind === AUDIO_ITEM && isAudioItemDetails(item.details)
      ? [{ url: item.details.url, bytes: kilobytesToBytes(item.details.size) }]
      : [],
  );
  return {
    kind: 'playlist',
    contentId: playlist.clientId,
    params: { clientId: playlist.clientId },
    title: playlist.title,
    path: `/playlists/${playlist.clientId}`,
    media: audioFiles,
    version: playlist.items.map((item) => `${item.kind}:${item.itemId}`).join(','),
    collect: async (run) => {
      await run(PLAYLIST_PAGE_CONTENT);
      await collectActivitySlides(run, activityIds);
    },
  };
}

/**
 * The same plan from this device's copy of the playlist, for a resume without its page; none when
 * the playlist is gone or is not the download's owner's (a shared device).
 */
export const buildPlaylistDownloadPlan: PlanBuilder = async ({ clientId }, record) => {
  if (typeof clientId !== 'string') return undefined;
  const playlist = await db.playlists.get(clientId);
  if (!playlist || playlist.deleted || playlist.userId !== record.userId) return undefined;
  return playlistDownloadPlan(playlist);
};
