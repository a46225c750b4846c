'use strict';

const { randomUUID } = require('node:crypto');

/**
 * Playlists carry a version that every change moves on: devices send the version they last saw
 * with their operations, and the CMS uses it to tell a real clash from a replay. The sync route
 * (api/playlist-sync) sets the version itself; every other write (the spec's CreatePlaylist and
 * UpdatePlaylist mutations, REST, the admin panel) goes through this Document Service
 * middleware, which
 * - adds one to the version, in the same transaction as the write and as one UPDATE, so two
 *   concurrent writes add two,
 * - gives each new item without an item_key a new one, so the sync route's operations can name it.
 * Registered after the ownership and limits middlewares: a refused write or a replayed create
 * answered by ownership changes no version.
 */
const PLAYLIST = 'api::playlist.playlist';

function withItemKeys(items) {
  if (!Array.isArray(items)) return items;
  // An entry with an id updates a stored component, which keeps its own key.
  return items.map((item) =>
    item && typeof item === 'object' && item.id == null && !item.item_key
      ? { ...item, item_key: randomUUID() }
      : item,
  );
}

function registerPlaylistVersions(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== PLAYLIST || (context.action !== 'create' && context.action !== 'update'))
      return next();
    const data = context.params?.data;
    if (!data || typeof data !== 'object') return next();
    context.params.data = { ...data, playlist_item: withItemKeys(data.playlist_item) };
    if (data.playlist_item === undefined) delete context.params.data.playlist_item;
    if (data.version !== undefined) return next();
    return strapi.db.transaction(async ({ trx }) => {
      const result = await next();
      if (!result?.documentId) return result;
      const { tableName } = strapi.db.metadata.get(PLAYLIST);
      await strapi.db
        .getConnection(tableName)
        .transacting(trx)
        .where({ document_id: result.documentId })
        .update({ version: strapi.db.connection.raw('COALESCE(??, 0) + 1', ['version']) });
      return { ...result, version: (result.version ?? 0) + 1 };
    });
  });
}

module.exports = { registerPlaylistVersions };
