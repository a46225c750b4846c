'use strict';

// A device sends one playlist's pending operations; the CMS applies them to its current playlist.
// A content-API route, so it needs a signed-in user whose role has
// api::playlist-sync.playlist-sync.sync (bootstrap/permissions.js), and the Document Service
// middlewares (ownership, limits, versions) apply to what it reads and writes.
// A device pulls what changed since its cursor. Reading one's own playlists is part of
// syncing them, so the route asks for the same permission (auth.scope) rather than a new one.
// POST, not GET: the cursor can be long, and the service worker never caches a POST (sync rule 8).
// Both are a teacher's own (signed in with users-permissions): an API token, which has no user,
// is not looked up for them (a read of strapi_api_tokens per request).
const TEACHER = ['users-permissions'];
module.exports = {
  routes: [
    {
      method: 'POST',
      path: '/playlist-sync',
      handler: 'playlist-sync.sync',
      config: { auth: { strategies: TEACHER } },
    },
    {
      method: 'POST',
      path: '/playlist-sync/changes',
      handler: 'playlist-sync.changes',
      config: { auth: { strategies: TEACHER, scope: ['api::playlist-sync.playlist-sync.sync'] } },
    },
  ],
};
