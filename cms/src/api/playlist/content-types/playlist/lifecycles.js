'use strict';

const { recordTombstones } = require('../../../playlist-sync/lib/tombstones');

/**
 * Every way a playlist is deleted (the sync route, the spec's DeletePlaylist mutation, REST, the
 * admin panel) ends in these database lifecycles, so each leaves a tombstone that devices pulling
 * changes since their cursor hear of. The rows are read before the delete (afterwards their owner
 * link is gone) and the tombstones written after it, in the same transaction. The sync route's
 * applied operation ids for the playlist stay, as long as its tombstone (playlist-sync/lib/tombstones.js):
 * a replay of one of them is answered as applied to a deleted playlist, never made again.
 */
const PLAYLIST = 'api::playlist.playlist';

async function rowsAbout(where) {
  return strapi.db.query(PLAYLIST).findMany({
    where,
    select: ['documentId', 'client_id'],
    populate: { owner: { select: ['id'] } },
  });
}

module.exports = {
  async beforeDelete(event) {
    event.state.deleting = await rowsAbout(event.params.where);
  },
  async afterDelete(event) {
    if (!event.result) return;
    await recordTombstones(strapi, event.state.deleting ?? []);
  },
  async beforeDeleteMany(event) {
    event.state.deleting = await rowsAbout(event.params.where);
  },
  async afterDeleteMany(event) {
    if ((event.result?.count ?? 0) === 0) return;
    await recordTombstones(strapi, event.state.deleting ?? []);
  },
};
