'use strict';

/**
 * A stored playlist to the operations' state (packages/shared/playlist-ops.mjs) and back. Items are keyed
 * by item_key; items stored before keys existed are keyed `cms-${component id}`, which the app's
 * pull derives from the component's id the same way, so both sides name them alike.
 */
const { permittedSyncItems } = require('../../../utils/playlist-item-targets');

const PLAYLIST = 'api::playlist.playlist';
const COMPONENT_OF_KIND = Object.freeze({
  ComponentPlaylistsActivity: 'playlists.activity',
  ComponentPlaylistsAudioItem: 'playlists.audio-item',
});
const KIND_OF_COMPONENT = Object.freeze(
  Object.fromEntries(Object.entries(COMPONENT_OF_KIND).map(([kind, uid]) => [uid, kind])),
);
const ITEM_KINDS = Object.freeze(Object.keys(COMPONENT_OF_KIND));
const TARGET_OF_KIND = Object.freeze({
  ComponentPlaylistsActivity: 'api::activity-page.activity-page',
  ComponentPlaylistsAudioItem: 'plugin::upload.file',
});

/**
 * The operations' state of a stored playlist (playlist-rows.js, readPlaylistRows). An item whose
 * activity page or file was deleted in the CMS is not part of the playlist (spec part 1, section 5).
 */
function storedToState({ row, items }) {
  return {
    title: row.title,
    audienceId: row.audience?.documentId ?? null,
    items: items
      .filter((item) => item.kind && item.itemId)
      .map(({ key, kind, itemId, title, contextPath }) => ({
        key,
        kind,
        itemId,
        title,
        contextPath,
      })),
  };
}

/** A new playlist's data for the Document Service; playlist_order repeats the order for clients that sort by it. */
function stateToData(state) {
  return {
    title: state.title,
    audience: state.audienceId,
    playlist_item: state.items.map((item, index) => ({
      __component: COMPONENT_OF_KIND[item.kind],
      item_key: item.key,
      item: item.itemId,
      title: item.title,
      context_path: item.contextPath,
      playlist_order: index,
    })),
  };
}

/**
 * The items whose target a playlist may hold (utils/playlist-item-targets.js): a published
 * activity page, a recording of the audio library. A device may add one it saw before it was
 * deleted or unpublished in the CMS; it is left out rather than failing the whole request (the
 * relation cannot be made), and the app shows no such item anyway. Anything else is left out too.
 */
async function withExistingTargets(strapi, state) {
  return { ...state, items: await permittedSyncItems(strapi, state.items, COMPONENT_OF_KIND) };
}

const AUDIENCE = 'api::audience.audience';

/** Whether the audience is one the app offers: a published audience (the app lists only those). */
async function audienceExists(strapi, documentId) {
  const found = await strapi.db.query(AUDIENCE).findOne({
    where: { documentId, publishedAt: { $notNull: true } },
    select: ['id'],
  });
  return Boolean(found);
}

/**
 * The merged state with every reference the CMS no longer has left out, and what was left out:
 * an audience deleted or unpublished since the device chose it (the playlist then has none) and
 * items whose activity page or recording is gone (withExistingTargets). A device's batch may
 * name one it saw before it went; linking it would fail the whole batch, so the rest of the batch
 * is applied and the answer's `gone` tells the device which references were dropped and why its
 * copy changed (docs/sync-protocol.md).
 * @returns {Promise<{ state: object, gone: object[] }>}
 */
async function withExistingReferences(strapi, state) {
  const gone = [];
  let { audienceId } = state;
  if (audienceId && !(await audienceExists(strapi, audienceId))) {
    gone.push({ type: 'audience', id: audienceId });
    audienceId = null;
  }
  const { items } = await withExistingTargets(strapi, state);
  const keptKeys = new Set(items.map((item) => item.key));
  for (const item of state.items) {
    if (!keptKeys.has(item.key))
      gone.push({ type: 'item', id: item.itemId, key: item.key, title: item.title });
  }
  return { state: { ...state, audienceId, items }, gone };
}

module.exports = {
  PLAYLIST,
  ITEM_KINDS,
  COMPONENT_OF_KIND,
  KIND_OF_COMPONENT,
  TARGET_OF_KIND,
  storedToState,
  stateToData,
  withExistingTargets,
  withExistingReferences,
};
