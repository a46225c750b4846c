// The PWA's web server: serves the built app and proxies the CMS's paths, so the browser sees
// one origin (no CORS, simple service-worker caches). Used by `npm start` and the e2e suite.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { createProxyMiddleware } from 'http-proxy-middleware';
import onHeaders from 'on-headers';
import { isServedFilePath, servedFileHeaders } from '@music-classroom/shared/upload-types';
import { VIDEO_PLAYER_ORIGINS } from '@music-classroom/shared/video-source';
import { CMS_PROXIED_PATHS, isUnderPaths } from '../src/lib/cms-paths.mjs';
import { abortOversizedStreams, refuseOversizedBodies } from './body-limit.mjs';
import { holdTurnFor, sessionOf, sessionTurns } from './session-turns.mjs';

/** Whether the CMS answers this path (src/lib/cms-paths.mjs). @param {string} path */
export function isProxiedPath(path) {
  return isUnderPaths(CMS_PROXIED_PATHS, path);
}

const NO_CACHE = 'no-cache';

/**
 * A stored file or /documents answer gets the served-file headers on this origin too (a
 * script-free sandbox, nosniff, a download unless it is displayable media), replacing whatever
 * the CMS or object storage sent: a hostile file must not run script beside the teacher's session.
 * @param {import('node:http').IncomingMessage} proxyRes
 * @param {import('node:http').IncomingMessage & { originalUrl?: string }} req
 */
function markServedFile(proxyRes, req) {
  // originalUrl: the object-storage proxy rewrites req.url to the bucket's key.
  const path = new URL(req.originalUrl ?? req.url ?? '/', 'http://localhost').pathname;
  if (!isServedFilePath(path)) return;
  const headers = servedFileHeaders(path, proxyRes.headers['content-type'] ?? null);
  for (const [name, value] of Object.entries(headers)) proxyRes.headers[name.toLowerCase()] = value;
}

/**
 * Every proxied answer (CMS or object storage): no header naming the server software behind it,
 * which helps nobody but an attacker, then the served-file headers.
 * @param {import('node:http').IncomingMessage} proxyRes
 * @param {import('node:http').IncomingMessage & { originalUrl?: string }} req
 */
function cleanProxiedAnswer(proxyRes, req) {
  delete proxyRes.headers['x-powered-by'];
  markServedFile(proxyRes, req);
}

/** Express's default "trust proxy" here: loopback, so a local TLS terminator's https counts. */
const LOCAL_TRUST = 'loopback';

/**
 * The client address the CMS is told (X-Forwarded-For, replacing whatever the client sent): the
 * socket's peer, or, when a proxy in front is trusted explicitly (TRUST_PROXY in serve.mjs), the
 * address that proxy reports. The default loopback trust does not count here: any local process
 * could then choose its address.
 * @param {import('express').Request} req
 */
function forwardedFor(req) {
  const explicitTrust = req.app.get('trust proxy') !== LOCAL_TRUST;
  return (explicitTrust ? req.ip : undefined) ?? req.socket.remoteAddress ?? '';
}

/**
 * The app's Content-Security-Policy: only its own scripts; media and API on this origin (the
 * CMS is proxied); frames from the video players an Embed field allows only (VIDEO_PLAYER_ORIGINS,
 * the list the CMS checks editors' links against); inline style attributes because
 * React sets a few (theme colours, video aspect ratios). `extraConnectSrc` adds an events feed
 * on another host (VITE_EVENTS_FEED_URL).
 * `frameAncestors` is "'none'" (no site may frame the app) except on the preview page.
 * @param {string[]} extraConnectSrc
 * @param {string} frameAncestors
 */
function contentSecurityPolicy(extraConnectSrc = [], frameAncestors = "'none'") {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    ['connect-src', "'self'", ...extraConnectSrc].join(' '),
    ['frame-src', ...VIDEO_PLAYER_ORIGINS].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * The one page another site may frame: the CMS admin's preview pane shows
 * /preview/{lesson|activity|programme}/{documentId}. Matched exactly, so no other app route (and no
 * look-alike such as /preview/x/y/z) loosens its framing.
 */
const PREVIEW_PAGE = /^\/preview\/(?:lesson|activity|programme)\/[^/]+$/;

/** @param {string} path */
function isPreviewPage(path) {
  if (!PREVIEW_PAGE.test(path)) return false;
  // A '.' or '..' segment, however encoded, would name some other page once resolved.
  try {
    return !/^\.+$/.test(decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)));
  } catch {
    return false;
  }
}

/**
 * The origins of the CMS admin panel, which alone may frame the preview page: CMS_ADMIN_URL when
 * editors reach the admin at a public address other than the one this server proxies to,
 * otherwise the proxied CMS instances themselves.
 * @param {string} cmsUrl
 * @param {string | undefined} cmsAdminUrl
 */
function cmsAdminOrigins(cmsUrl, cmsAdminUrl) {
  const urls = (cmsAdminUrl || cmsUrl)
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  return [...new Set(urls.map((url) => new URL(url).origin))];
}
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The CMS instances behind the proxy: one URL, or several separated by commas, taken in turn
 * (round-robin). The CMS keeps no state of its own (see docs/deployment.md), so any instance can
 * answer any request; a dedicated load balancer with health checks is the production choice.
 * @param {string} cmsUrl
 */
export function cmsTargets(cmsUrl) {
  const targets = cmsUrl
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (!targets.length) throw new Error('No CMS URL given');
  let next = 0;
  return {
    targets,
    pick: () => {
      const target = /** @type {string} */ (targets[next % targets.length]);
      next += 1;
      return target;
    },
  };
}

/**
 * @param {{ distDir: string, cmsUrl: string, cmsAdminUrl?: string, mediaOrigin?: string, log?: (line: string) => void }} options
 *   cmsUrl: one URL or a comma-separated list (round-robin, see cmsTargets). cmsAdminUrl: the
 *   admin panel's public address if not cmsUrl (CMS_ADMIN_URL; see cmsAdminOrigins). mediaOrigin: media on
 *   object storage (MEDIA_ORIGIN, e.g. https://bucket.s3.eu-west-2.amazonaws.com): /uploads/{key}
 *   is fetched from {mediaOrigin}/{key} instead of the CMS, so media stays same-origin for the
 *   service worker and the CSP (docs/deployment.md).
 */
export function createWebApp({
  distDir,
  cmsUrl,
  cmsAdminUrl = process.env.CMS_ADMIN_URL,
  mediaOrigin = process.env.MEDIA_ORIGIN,
  log = () => {},
}) {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`No built app in ${root}: run \`npm run build\` first.`);
  }
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', LOCAL_TRUST);

  const connectSrc = (process.env.CSP_CONNECT_SRC ?? '').split(/\s+/).filter(Boolean);
  const csp = contentSecurityPolicy(connectSrc);
  const previewCsp = contentSecurityPolicy(
    connectSrc,
    cmsAdminOrigins(cmsUrl, cmsAdminUrl).join(' '),
  );
  app.use((req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), fullscreen=(self)',
    );
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    // HSTS only means something over https (behind a TLS-terminating proxy in production).
    if (req.secure)
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (isPreviewPage(req.path)) {
      // X-Frame-Options cannot name an origin (ALLOW-FROM is gone from browsers); frame-ancestors
      // can, and browsers that know it ignore X-Frame-Options, so it is left off here alone.
      res.setHeader('Content-Security-Policy', previewCsp);
    } else if (!isProxiedPath(req.path)) {
      res.setHeader('Content-Security-Policy', csp);
      res.setHeader('X-Frame-Options', 'DENY');
    }
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  const proxyLogger = {
    info: () => {},
    warn: (/** @type {unknown} */ m) => log(String(m)),
    error: (/** @type {unknown} */ m) => log(String(m)),
  };
  if (mediaOrigin) {
    app.use(
      createProxyMiddleware({
        target: mediaOrigin,
        changeOrigin: true, // the bucket answers for its own host name
        // Reads only: uploads are written by the CMS, never through here.
        pathFilter: (path, req) =>
          (req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/uploads/'),
        pathRewrite: { '^/uploads/': '/' },
        logger: proxyLogger,
        on: { proxyRes: cleanProxiedAnswer },
      }),
    );
  }

  const cms = cmsTargets(cmsUrl);
  app.use(refuseOversizedBodies(isProxiedPath));
  const turns = sessionTurns(sessionOf);
  app.use((req, res, next) => (isProxiedPath(req.path) ? turns(req, res, next) : next()));
  app.use(
    createProxyMiddleware({
      plugins: [abortOversizedStreams()],
      target: cms.targets[0],
      ...(cms.targets.length > 1 ? { router: () => cms.pick() } : {}),
      pathFilter: (path) => isProxiedPath(path),
      xfwd: true,
      // Media must stream through unbuffered (range requests for audio and video seeking).
      logger: { info: () => {}, warn: (m) => log(String(m)), error: (m) => log(String(m)) },
      on: {
        // The CMS's login rate limit keys on this address: it is written here, never passed on
        // from the client (who could otherwise pick a fresh one per attempt).
        proxyReq: (proxyReq, req) => {
          proxyReq.setHeader(
            'X-Forwarded-For',
            forwardedFor(/** @type {import('express').Request} */ (req)),
          );
          holdTurnFor(req, proxyReq);
        },
        proxyRes: cleanProxiedAnswer,
        error: (error, _req, res) => {
          log(`proxy error: ${error.message}`);
          if ('writeHead' in res && !res.headersSent) {
            res.writeHead(502, { 'Content-Type': 'application/json' });
            res.end(
              JSON.stringify({
                error: { status: 502, message: 'The content service is unavailable' },
              }),
            );
          }
        },
      },
    }),
  );

  // Hashed assets go as the build's Brotli copies (vite.config.ts writes one beside each script
  // and stylesheet) to every browser that accepts Brotli: about 13 % fewer bytes than gzip, with
  // no compression work per request. A browser that does not accept it gets the file itself,
  // gzipped on the fly; anything else falls through to the general static handler.
  app.use(compression());
  // Only an asset itself is kept for a year: an error answer under /assets (a range past its end,
  // a failed precondition, a missing file) is never stored, whichever handler sends it.
  app.use('/assets', (req, res, next) => {
    onHeaders(res, () => {
      if (res.statusCode >= 400) res.setHeader('Cache-Control', 'no-store');
    });
    next();
  });
  const brotliAssets = expressStaticGzip(join(root, 'assets'), {
    enableBrotli: true,
    orderPreference: ['br'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
    },
  });
  // Only to a browser that accepts Brotli by the rules of Accept-Encoding (express-static-gzip
  // alone sends it on `*` even after `br;q=0`).
  app.use('/assets', (req, res, next) =>
    req.acceptsEncodings('br') === 'br' ? brotliAssets(req, res, next) : next(),
  );
  app.use(
    express.static(root, {
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.startsWith(join(root, 'assets'));
        res.setHeader('Cache-Control', isHashedAsset ? IMMUTABLE : NO_CACHE);
        if (filePath.endsWith('sw.js')) res.setHeader('Service-Worker-Allowed', '/');
      },
    }),
  );

  // Every other GET is an app route: the shell renders it (deep links work before the worker).
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/assets/')) return res.status(404).end();
    res.setHeader('Cache-Control', NO_CACHE);
    // Relative to `root`, so a dist folder anywhere (under a dot folder too) is served.
    res.sendFile('index.html', { root });
  });

  return app;
}

/**
 * @param {{ distDir: string, cmsUrl: string, cmsAdminUrl?: string, mediaOrigin?: string, port?: number, host?: string, log?: (line: string) => void }} options
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export async function startWebServer({ port = 0, host = '127.0.0.1', ...options }) {
  const app = createWebApp(options);
  const server = createServer(app);
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListen(undefined));
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${boundPort}`,
    port: boundPort,
    stop: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose(undefined));
      }),
  };
}
