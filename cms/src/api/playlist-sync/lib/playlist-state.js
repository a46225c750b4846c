'use strict';

/**
 * A stored playlist (Document Service shape) to the operations' state (utils/playlist-ops.mjs)
 * and back. Items are keyed by item_key; items stored before keys existed are keyed
 * `cms-${component id}`, which the app's pull derives from the component's id the same way, so
 * both sides name them alike until the next write stores the key.
 */
const PLAYLIST = 'api::playlist.playlist';
const COMPONENT_OF_KIND = Object.freeze({
  ComponentPlaylistsActivity: 'playlists.activity',
  ComponentPlaylistsAudioItem: 'playlists.audio-item',
});
const KIND_OF_COMPONENT = Object.freeze(Object.fromEntries(Object.entries(COMPONENT_OF_KIND).map(([kind, uid]) => [uid, kind])));
const ITEM_KINDS = Object.freeze(Object.keys(COMPONENT_OF_KIND));
const TARGET_OF_KIND = Object.freeze({
  ComponentPlaylistsActivity: 'api::activity-page.activity-page',
  ComponentPlaylistsAudioItem: 'plugin::upload.file',
});

const POPULATE = {
  audience: true,
  playlist_item: {
    on: {
      'playlists.activity': { populate: ['item'] },
      'playlists.audio-item': { populate: ['item'] },
    },
  },
};

const legacyKey = (component) => `cms-${component.id}`;

/** An item whose activity page or file was deleted in the CMS is not part of the playlist (spec part 1, section 5). */
function storedToState(stored) {
  const items = [];
  for (const component of stored.playlist_item ?? []) {
    const kind = KIND_OF_COMPONENT[component.__component];
    if (!kind || !component.item?.documentId) continue;
    items.push({
      key: component.item_key || legacyKey(component),
      kind,
      itemId: component.item.documentId,
      title: component.title ?? '',
      contextPath: component.context_path ?? '',
    });
  }
  return { title: stored.title, audienceId: stored.audience?.documentId ?? null, items };
}

/** Items are stored in their order; playlist_order repeats it for clients that sort by it. */
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
 * The items whose activity page or file still exists. A device may add one it saw before it was
 * deleted in the CMS; storing it would fail the whole request (the relation cannot be made), and
 * the app shows no such item anyway.
 */
async function withExistingTargets(strapi, state) {
  const existing = new Set();
  for (const kind of ITEM_KINDS) {
    const ids = [...new Set(state.items.filter((item) => item.kind === kind).map((item) => item.itemId))];
    if (ids.length === 0) continue;
    // Activity pages have draft & publish and db.query sees both rows: a page only drafted is not
    // one a teacher could have seen. Files have no drafts.
    const published = kind === 'ComponentPlaylistsActivity' ? { publishedAt: { $notNull: true } } : {};
    const found = await strapi.db
      .query(TARGET_OF_KIND[kind])
      .findMany({ where: { documentId: { $in: ids }, ...published }, select: ['documentId'] });
    for (const row of found) existing.add(`${kind}:${row.documentId}`);
  }
  return { ...state, items: state.items.filter((item) => existing.has(`${item.kind}:${item.itemId}`)) };
}

module.exports = { PLAYLIST, POPULATE, ITEM_KINDS, storedToState, stateToData, withExistingTargets };
