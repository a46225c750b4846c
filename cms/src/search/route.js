'use strict';

const { isSubscriber } = require('../utils/roles');
const { authenticate } = require('../routes/documents');
const { searchService } = require('./index');
const { SOURCES } = require('./sources');
const { mayFind } = require('../utils/may-find');

const CUSTOM_SCHEME = 'api::custom-scheme.custom-scheme';

/**
 * GET /api/search?q=…&kind=…&audience=…&time=…&limit=… (a read: no write budget). Visitors and
 * trial users are answered from the open index only; a valid bearer token of an active subscriber
 * reads the full one. A signed-in teacher's answer also holds their own custom units whose titles
 * match (./own-units.js), never anyone else's. Like every other read, it answers only the kinds
 * whose type the asker's role may find (utils/may-find.js): a type an administrator closed to a
 * role is closed to its search too, and so are its titles as typo corrections. An answer depends
 * on who asks, so no shared cache keeps it.
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
      // A visitor is authenticated too: as the Public role, whose permissions judge the kinds.
      const user = await authenticate(strapi, ctx);
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
      const auth = ctx.state.auth;
      const kinds = new Set();
      for (const [uid, source] of Object.entries(SOURCES))
        if (await mayFind(strapi, auth, uid)) kinds.add(source.kind);
      ctx.body = await searchService(strapi).search({
        q,
        subscriber: isSubscriber({ user }),
        kinds,
        user: user && (await mayFind(strapi, auth, CUSTOM_SCHEME)) ? user : null,
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
