'use strict';

/**
 * The first subscriber's second playlist. The rest of the demo that shows the features the main
 * content leaves out (the full-length samba lesson, a document without a title, an unreleased
 * programme that is not a preview, an audio library with no audience) is data:
 * ./data/07-samba-lesson.json and ./data/08-extras.json.
 */

const ASSEMBLY_PLAYLIST_ID = 'seed-subscriber-assembly-playlist';

/**
 * A second playlist of the first subscriber. One item was saved from a page without an audience,
 * so its context path contains 'undefined': the card says 'link to activity library not
 * available' (spec part 1, "Playlist detail").
 */
async function seedDemoPlaylist(strapi, owner, content, media) {
  const playlists = strapi.documents('api::playlist.playlist');
  if (await playlists.findFirst({ filters: { client_id: ASSEMBLY_PLAYLIST_ID } })) return;
  const { activities, audiences, audioPages } = content;
  const lullaby = activities.lullaby;
  const samba = activities['samba-call'];
  await playlists.create({
    data: {
      title: 'Friday assembly',
      client_id: ASSEMBLY_PLAYLIST_ID,
      audience: audiences.primary.documentId,
      owner: owner.documentId,
      playlist_item: [
        {
          __component: 'playlists.activity',
          title: samba.title,
          item: samba.documentId,
          context_path: `/primary/activities/-/${samba.documentId}`,
          playlist_order: 0,
        },
        {
          __component: 'playlists.activity',
          title: lullaby.title,
          item: lullaby.documentId,
          context_path: `/undefined/activities/-/${lullaby.documentId}`,
          playlist_order: 1,
        },
        {
          __component: 'playlists.audio-item',
          title: media['audio-march'].caption,
          item: media['audio-march'].id,
          context_path: `/audiolibrary/page/${audioPages.march.documentId}`,
          playlist_order: 2,
        },
      ],
    },
  });
}

module.exports = { seedDemoPlaylist };
