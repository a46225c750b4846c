'use strict';

const { parseSyncRequest } = require('../lib/sync-request');

module.exports = ({ strapi }) => ({
  async sync(ctx) {
    const request = await parseSyncRequest(ctx.request.body);
    ctx.body = await strapi.service('api::playlist-sync.playlist-sync').sync(request);
  },
});
