'use strict';

/**
 * The origins a browser may call the CMS from with credentials: CORS_ORIGINS (comma-separated),
 * otherwise the app's own address (APP_URL) and the local web server's. The app normally reaches
 * the CMS through its web server's proxy on its own origin, where CORS plays no part; this list
 * is for an app served from another origin, e.g. a CDN (docs/deployment.md).
 */
function corsOrigins(env) {
  const configured = env('CORS_ORIGINS', '');
  const origins = configured
    ? configured.split(',')
    : [env('APP_URL', ''), 'http://127.0.0.1:4173', 'http://localhost:4173'];
  return [...new Set(origins.map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean))];
}

module.exports = { corsOrigins };
