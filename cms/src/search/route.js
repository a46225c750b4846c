'use strict';

const { isSubscriber } = require('../utils/roles');
const { authenticate } = require('../routes/documents');
const { searchService } = require('./index');

/**
 * GET /api/search?q=…&kind=…&audience=…&time=…&limit=… (a read: no write budget). Visitors and
 * trial users are answered from the open index only; a valid bearer token of an active subscriber
 * reads the full one. A signed-in teacher's answer also holds their own custom units whose titles
 * match (./own-units.js), never anyone else's. An answer depends on who asks, so no shared cache
 * keeps it.
 */
function searchRoute(strapi) {
  return {
    method: 'GET',
    path: '/api/search',
    config: { auth: false },
    handler: async (ctx) => {
      const query = ctx.query ?? {};
      const one = (value) => (Array.isArray(value) ? value[0] : value);
      const q = String(one(query.q) ?? '');
      if (q.length > 200) {
        ctx.status = 400;
        ctx.body = {
          data: null,
          error: { status: 400, name: 'ValidationError', message: 'The search is too long' },
        };
        return;
      }
      const user = ctx.get('authorization') ? await authenticate(strapi, ctx) : null;
      if (ctx.get('authorization') && !user) {
        ctx.status = 401;
        ctx.body = {
          data: null,
          error: { status: 401, name: 'UnauthorizedError', message: 'Your session has ended' },
        };
        return;
      }
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('Vary', 'Authorization');
      ctx.body = await searchService(strapi).search({
        q,
        subscriber: isSubscriber({ user }),
        user,
        kind: one(query.kind) || undefined,
        audience: one(query.audience) || undefined,
        time: one(query.time) || undefined,
        keyStage: one(query.keyStage) || undefined,
        limit: one(query.limit),
      });
    },
  };
}

module.exports = { searchRoute };
