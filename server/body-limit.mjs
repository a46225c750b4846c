// Request bodies too large for the CMS are answered 413 here. Passed on, the CMS answers 413 and
// closes the connection without reading the rest, so the proxy, still writing the body, fails
// with EPIPE and the browser would get 502 "The content service is unavailable" instead.

const MIB = 1024 * 1024;

/**
 * The CMS's own limits: 1 MiB for JSON, forms and text (koa-body's JSON limit and Apollo's), and
 * for multipart uploads the upload plugin's size limit (UPLOAD_SIZE_LIMIT, as in
 * cms/config/plugins.js) plus room for the multipart framing.
 * @param {NodeJS.ProcessEnv} env
 */
function cmsBodyLimits(env = process.env) {
  const upload = Number(env.UPLOAD_SIZE_LIMIT) || 250 * MIB;
  return { body: MIB, upload: upload + MIB };
}

/** @param {import('node:http').IncomingMessage} req @param {{ body: number, upload: number }} limits */
function limitFor(req, limits) {
  return /^multipart\//i.test(req.headers['content-type'] ?? '') ? limits.upload : limits.body;
}

/** @param {number} bytes */
const mebibytes = (bytes) => `${Math.round((bytes / MIB) * 10) / 10} MB`;

/**
 * The CMS's error shape, so the app reads it like any other refusal.
 * @param {import('node:http').ServerResponse} res @param {number} limit
 */
function answerTooLarge(res, limit) {
  if (res.headersSent) return;
  const message = `The request is too large: the content service accepts at most ${mebibytes(limit)}.`;
  res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
  res.end(
    JSON.stringify({ data: null, error: { status: 413, name: 'PayloadTooLargeError', message } }),
  );
}

/**
 * Express middleware for the proxied paths: a declared Content-Length over the limit is refused
 * before anything reaches the CMS (Node reads and discards the unread body after the answer).
 * @param {(path: string) => boolean} isProxiedPath @param {{ body: number, upload: number }} limits
 * @returns {import('express').RequestHandler}
 */
export function refuseOversizedBodies(isProxiedPath, limits = cmsBodyLimits()) {
  return (req, res, next) => {
    if (!isProxiedPath(req.path)) return next();
    const limit = limitFor(req, limits);
    if (Number(req.headers['content-length'] ?? 0) > limit) return answerTooLarge(res, limit);
    next();
  };
}

/**
 * An http-proxy-middleware plugin for bodies sent without a length (chunked): once more than the
 * limit has gone by, stop forwarding, drop the CMS request, answer 413 and discard the rest.
 * @param {{ body: number, upload: number }} limits
 * @returns {import('http-proxy-middleware').Plugin}
 */
export function abortOversizedStreams(limits = cmsBodyLimits()) {
  return (proxyServer) => {
    proxyServer.on('proxyReq', (proxyReq, req, res) => {
      if (req.headers['content-length'] !== undefined) return;
      const limit = limitFor(req, limits);
      let received = 0;
      // Registered before http-proxy pipes the request on, so this sees each chunk first: the one
      // that would cross the limit is never forwarded, and the CMS cannot answer first.
      const count = (/** @type {Buffer} */ chunk) => {
        received += chunk.length;
        if (received <= limit) return;
        answerTooLarge(/** @type {import('node:http').ServerResponse} */ (res), limit);
        proxyReq.destroy();
        req.off('data', count);
        req.unpipe(proxyReq);
        req.resume();
      };
      req.on('data', count);
    });
  };
}
