'use strict';

const { factories } = require('@strapi/strapi');
const { isSubscriber, SCHEME_SUBSCRIBER_FIELDS } = require('../../../utils/roles');

function stripForNonSubscribers(ctx, entry) {
  if (!entry || isSubscriber(ctx.state)) return entry;
  const open = { ...entry };
  for (const field of SCHEME_SUBSCRIBER_FIELDS) delete open[field];
  return open;
}

// Everyone may list units by title; their contents are for active subscribers (see utils/roles.js).
module.exports = factories.createCoreController('api::scheme.scheme', () => ({
  async find(ctx) {
    const response = await super.find(ctx);
    return { ...response, data: response.data.map((entry) => stripForNonSubscribers(ctx, entry)) };
  },
  async findOne(ctx) {
    const response = await super.findOne(ctx);
    if (!response) return response;
    return { ...response, data: stripForNonSubscribers(ctx, response.data) };
  },
}));
