'use strict';

const { uploadMedia } = require('./upload-media');
const { loadSeedData } = require('./load-data');
const { seedDemoPlaylist } = require('./demo-extras');
const { ensureDemoUsers } = require('../bootstrap/accounts');

const HOME_UID = 'api::learning-resources-home.learning-resources-home';
const DEMO_PLAYLIST_ID = 'seed-subscriber-playlist';

/** True once the demo content exists (the home page is the last thing the content seed writes). */
async function isSeeded(strapi) {
  return Boolean(await strapi.documents(HOME_UID).findFirst());
}

/**
 * The seeded entries the teachers' own demo content points at, by the names this seed and
 * demo-extras.js use (the data's keys: cms/src/seed/data/README.md).
 * @param {Record<string, Record<string, any>>} entries the loader's entries by type and key
 */
function demoContent(entries) {
  return {
    audiences: entries.audience,
    programmes: entries.programme,
    activities: entries['activity-page'],
    audioPages: entries['audio-page'],
    strands: entries['learning-strand'],
  };
}

/** The first subscriber's playlist (one activity, one audio item) and custom unit. */
async function seedUserContent(strapi, users, content, media) {
  const owner = users['subscriber@demo.school'];
  const existing = await strapi
    .documents('api::playlist.playlist')
    .findFirst({ filters: { client_id: DEMO_PLAYLIST_ID } });
  if (existing) return;
  const hello = content.activities.hello;
  await strapi.documents('api::playlist.playlist').create({
    data: {
      title: 'Monday morning warm-ups',
      client_id: DEMO_PLAYLIST_ID,
      audience: content.audiences.primary.documentId,
      owner: owner.documentId,
      playlist_item: [
        {
          __component: 'playlists.activity',
          title: hello.title,
          item: hello.documentId,
          context_path: `/primary/activities/-/${hello.documentId}`,
          playlist_order: 0,
        },
        {
          __component: 'playlists.audio-item',
          title: media['audio-hello-song'].caption,
          item: media['audio-hello-song'].id,
          context_path: `/audiolibrary/page/${content.audioPages.hello.documentId}`,
          playlist_order: 1,
        },
      ],
    },
  });
  await strapi.documents('api::member-account.member-account').create({
    data: {
      owner: owner.documentId,
      members: [users['subscriber2@demo.school'].documentId],
      invitations: [{ email: 'new.teacher@demo.school', invited_at: new Date().toISOString() }],
    },
  });
  await strapi.documents('api::custom-scheme.custom-scheme').create({
    data: {
      title: 'Singing Rhythm and pulse Listening Composing',
      owner: owner.documentId,
      learning_strands: ['A', 'B', 'C', 'D'].map((key) => content.strands[key].documentId),
      audience: content.audiences.primary.documentId,
      programme: content.programmes['sound-explorers'].documentId,
    },
  });
}

/**
 * Seeds the demo content into an empty database (idempotent: does nothing once the home page
 * exists) and makes sure the demo accounts exist.
 */
async function seed(strapi) {
  const users = await ensureDemoUsers(strapi);
  if (await isSeeded(strapi)) return { seeded: false };
  const started = Date.now();
  strapi.log.info('[seed] seeding demo content…');
  const media = await uploadMedia(strapi);
  const mediaMs = Date.now() - started;
  const content = demoContent(await loadSeedData(strapi, media));
  await seedUserContent(strapi, users, content, media);
  await seedDemoPlaylist(strapi, users['subscriber@demo.school'], content, media);
  // Upload sizes are in kB; image formats (thumbnail, small, ...) come on top.
  const kB = Object.values(media).reduce((sum, file) => sum + (file.size ?? 0), 0);
  const ms = Date.now() - started;
  strapi.log.info(
    `[seed] done in ${ms} ms (media ${mediaMs} ms: ${Object.keys(media).length} files, ${Math.round(kB)} kB)`,
  );
  return { seeded: true, ms, mediaMs, files: Object.keys(media).length };
}

module.exports = { seed, isSeeded };
