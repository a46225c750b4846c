'use strict';

/**
 * How long the CMS keeps an idle kept-alive connection: longer than any client that keeps one
 * (Node's own agent, which the web server's proxy and the tests use, lets go after 5 s; a load
 * balancer after 60 s), so the client always closes first. With Node's 5 s the CMS could close a
 * connection just as a client reused it, and that request failed with a reset: a 502 through the
 * web server's proxy, a failed save in an editor's script.
 */
const IDLE_MS = 65_000;

function keepIdleConnectionsLonger(strapi) {
  const server = strapi.server.httpServer;
  server.keepAliveTimeout = IDLE_MS;
  // Node wants the limit on a request's headers above the idle one: 66 s rather than its 60.
  server.headersTimeout = Math.max(server.headersTimeout, IDLE_MS + 1_000);
}

module.exports = { keepIdleConnectionsLonger };
