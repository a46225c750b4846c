import { db, type PlaylistRecord } from '../../../lib/db/database';
import { collectActivitySlides } from '../../../lib/lesson-content/collect-lesson-slides';
import { kilobytesToBytes } from '../../../lib/offline/collect-media';
import type { AnswersAtHand, DownloadPlan } from '../../../lib/offline/download-plan';
import type { PlanBuilder } from '../../../lib/offline/plan-builders';
import { isAudioItemDetails } from '../../../lib/playlists/playlist-queries';
import {
  ACTIVITY_ITEM,
  AUDIO_ITEM,
  serverToRecord,
  type ServerPlaylist,
} from '../../../lib/sync/playlist-mapping';
import { createPlaylist, deletePlaylist } from '../../../lib/sync/local-writes';
import { PLAYLIST_FOR_FILE } from '../api/playlist-for-file';
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
    ownsPath: (candidate) => candidate === `/playlists/${playlist.clientId}`,
    media: audioFiles,
    version: versionOf(playlist.items),
    collect: async (run, found) => {
      // The playlist as the CMS has it, signed: what a lesson file of it carries.
      await run(PLAYLIST_FOR_FILE, { clientId: playlist.clientId });
      found?.title(playlist.title);
      await run(PLAYLIST_PAGE_CONTENT);
      await collectActivitySlides(run, activityIds);
    },
    fileProblem: async (atHand) => {
      const answer = (await atHand(PLAYLIST_FOR_FILE, { clientId: playlist.clientId })) as
        { playlists?: ServerPlaylist[] } | undefined;
      const server = answer?.playlists?.[0];
      const saved = server && versionOf(serverToRecord(server, playlist.userId).items);
      return saved === versionOf(playlist.items)
        ? null
        : 'This playlist has changes the download does not have yet. Once the device is online and its changes are saved, update the download, then save it as a file.';
    },
  };
}

const versionOf = (items: PlaylistRecord['items']) =>
  items.map((item) => `${item.kind}:${item.itemId}`).join(',');

/**
 * The playlist a lesson file carries (its answer to PLAYLIST_FOR_FILE, signed by the CMS), made
 * into a plan whose copy is a new playlist of the same items for the teacher who opens the file.
 */
async function planFromFile(
  clientId: string,
  userId: string,
  atHand: AnswersAtHand,
): Promise<DownloadPlan | undefined> {
  const answer = (await atHand(PLAYLIST_FOR_FILE, { clientId })) as
    { playlists?: ServerPlaylist[] } | undefined;
  const server = answer?.playlists?.[0];
  if (!server || server.client_id !== clientId) return undefined;
  const original = serverToRecord(server, userId);
  return {
    ...playlistDownloadPlan(original),
    ownCopy: (owner) => {
      const clientId = crypto.randomUUID();
      const plan = playlistDownloadPlan({ ...original, clientId, userId: owner, documentId: null });
      let made = false;
      return {
        contentId: plan.contentId,
        title: plan.title,
        path: plan.path,
        params: { clientId, copiedFrom: original.clientId },
        version: plan.version,
        sourceOnly: ['PlaylistForFile'],
        make: async () => {
          await createPlaylist(owner, {
            clientId,
            title: original.title,
            audienceId: original.audienceId,
            items: original.items.map(({ key: _key, ...item }) => item),
          });
          made = true;
        },
        undo: async () => {
          if (made) await deletePlaylist(clientId);
        },
      };
    },
  };
}

/**
 * The same plan from this device's copy of the playlist, for a resume without its page; none when
 * the playlist is gone or is not the download's owner's (a shared device).
 */
export const buildPlaylistDownloadPlan: PlanBuilder = async ({ clientId }, record, atHand) => {
  if (typeof clientId !== 'string') return undefined;
  const playlist = await db.playlists.get(clientId);
  if (!playlist || playlist.deleted || playlist.userId !== record.userId)
    return atHand ? planFromFile(clientId, record.userId, atHand) : undefined;
  return playlistDownloadPlan(playlist);
};
