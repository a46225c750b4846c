'use strict';

const { errors } = require('@strapi/utils');
const { checkProtocol, parseSyncRequest } = require('../lib/sync-request');
const { playlistChanges } = require('../lib/playlist-changes');

module.exports = ({ strapi }) => ({
  async sync(ctx) {
    const request = await parseSyncRequest(ctx.request.body);
    ctx.body = await strapi
      .service('api::playlist-sync.playlist-sync')
      .sync({ ...request, user: ctx.state.user });
  },

  async changes(ctx) {
    const user = ctx.state.user;
    if (!user) throw new errors.UnauthorizedError('Sign in to sync playlists');
    const body = ctx.request.body && typeof ctx.request.body === 'object' ? ctx.request.body : {};
    await checkProtocol(body.protocol);
    ctx.body = await playlistChanges(strapi, user, {
      since: body.since,
      include: body.include,
      activityCards: body.activityCards,
    });
  },
});
