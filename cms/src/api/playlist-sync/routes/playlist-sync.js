'use strict';

// Issue 18: a device sends one playlist's pending operations; the CMS applies them to its current
// playlist. A content-API route, so it needs a signed-in user whose role has
// api::playlist-sync.playlist-sync.sync (bootstrap/permissions.js), and the Document Service
// middlewares (ownership, limits, versions) apply to what it reads and writes.
module.exports = {
  routes: [{ method: 'POST', path: '/playlist-sync', handler: 'playlist-sync.sync' }],
};
