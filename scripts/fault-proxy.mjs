// A fault-injecting HTTP proxy between the web server and the CMS, for tests and benches: faults
// happen where they happen in a school (on the wire between the app's server and the CMS), not
// by answering requests inside the browser. Rules are set over a control path that only the test
// reaches (the web server proxies /graphql, /api, /uploads and /documents, never /__faults).
//
//   PUT    /__faults  { "seed": 1, "rules": [Rule, ...] }   replaces the rules, resets the counts
//   DELETE /__faults                                        no faults
//   GET    /__faults                                        { rules, hits: [n per rule], log }
//   POST   /__faults/release  { "cut": false }              lets every held request go on (or cuts it)
//
// A rule matches a request by method, path prefix (or a regular expression), a substring of its
// body and a header's value; the first rule that matches and still has uses left decides the fault:
//   delay        wait delayMs, then forward (a slow CMS)
//   error        answer `status` (default 502) without forwarding (a CMS or gateway down)
//   lose-answer  forward, let the CMS apply it, read its whole answer, then cut the connection
//                (the answer lost on the way back)
//   cut          cut the connection without forwarding (a dying connection)
//   answer       answer `status` (default 200) with `body` as `contentType` (default JSON), without
//                forwarding (a gateway's error page, an answer that is not the CMS's)
//   truncate     forward, then deliver the first half of the CMS's answer as if it were whole
//   rewrite      forward, then change the `data` of the CMS's JSON answer: `mode` 'strip-fields'
//                (each top-level answer loses its fields: a list holds one empty object, an object
//                is empty) or 'null-fields' (the same shape with every value null)
//   hang         accept the request and never answer (a CMS that took the connection and stalled)
//   hold         keep the request until the test releases it, then forward it (or cut it): a slow
//                network whose answer the test wants to see arrive at a moment it chooses
//   pass         forward unchanged (counted and logged: with `times`, lets the first N through)
// `probability` (0..1) makes a rule fire on a seeded share of its matches; `times` caps its uses.
import { createServer, request as httpRequest } from 'node:http';
import { seededRandom } from './seeded-random.mjs';

/**
 * @typedef {{
 *   fault: 'delay' | 'error' | 'lose-answer' | 'cut' | 'answer' | 'truncate' | 'rewrite' | 'hang'
 *     | 'hold' | 'pass',
 *   method?: string,
 *   path?: string,
 *   pathPattern?: string,
 *   bodyIncludes?: string,
 *   header?: { name: string, value: string },
 *   delayMs?: number,
 *   status?: number,
 *   body?: string,
 *   contentType?: string,
 *   mode?: 'strip-fields' | 'null-fields',
 *   probability?: number,
 *   times?: number,
 * }} FaultRule
 */

export const CONTROL_PATH = '/__faults';
const RELEASE_PATH = `${CONTROL_PATH}/release`;
const MAX_LOG = 500;

/**
 * @param {FaultRule} rule
 * @param {{ method: string, path: string, body: string, headers: import('node:http').IncomingHttpHeaders }} request
 */
function ruleMatches(rule, { method, path, body, headers }) {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  if (rule.header && headers[rule.header.name.toLowerCase()] !== rule.header.value) return false;
  if (rule.path && !(path === rule.path || path.startsWith(rule.path))) return false;
  if (rule.pathPattern && !new RegExp(rule.pathPattern).test(path)) return false;
  if (rule.bodyIncludes && !body.includes(rule.bodyIncludes)) return false;
  return true;
}

/**
 * A real answer's `data` changed by a `rewrite` rule.
 * @param {unknown} data
 * @param {'strip-fields' | 'null-fields'} mode
 * @returns {unknown}
 */
export function rewriteData(data, mode) {
  if (mode === 'null-fields') return nulled(data);
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      Array.isArray(value) ? [{}] : value && typeof value === 'object' ? {} : null,
    ]),
  );
}

/** @param {unknown} value @returns {unknown} */
function nulled(value) {
  if (Array.isArray(value)) return value.map(nulled);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, nulled(inner)]));
  return null;
}

/**
 * The answer a `truncate` or `rewrite` rule delivers in place of the CMS's.
 * @param {FaultRule} rule
 * @param {Buffer} body
 * @returns {Buffer}
 */
function changedAnswer(rule, body) {
  if (rule.fault === 'truncate') return body.subarray(0, Math.floor(body.length / 2));
  try {
    const json = JSON.parse(body.toString('utf8'));
    if (json && typeof json === 'object' && 'data' in json)
      json.data = rewriteData(json.data, rule.mode ?? 'strip-fields');
    return Buffer.from(JSON.stringify(json));
  } catch {
    // Not JSON: there are no fields to change.
    return body;
  }
}

/**
 * @param {{ target: string, port?: number, host?: string }} options  target: the CMS's base URL.
 * @returns {Promise<{ url: string, stop: () => Promise<void>, setRules: (rules: FaultRule[], seed?: number) => void }>}
 */
export async function startFaultProxy({ target, port = 0, host = '127.0.0.1' }) {
  const upstream = new URL(target);
  /** @type {FaultRule[]} */
  let rules = [];
  /** @type {number[]} */
  let hits = [];
  /** @type {{ at: number, method: string, path: string, fault: string }[]} */
  let log = [];
  let random = seededRandom(1);
  /** Requests a `hold` rule keeps: each resolves true to go on, false to be cut. */
  /** @type {((go: boolean) => void)[]} */
  let held = [];
  /** @param {boolean} go */
  const releaseHeld = (go) => {
    const waiting = held;
    held = [];
    for (const release of waiting) release(go);
    return waiting.length;
  };

  /** @param {FaultRule[]} next @param {number} [seed] */
  const setRules = (next, seed = 1) => {
    rules = next;
    hits = next.map(() => 0);
    log = [];
    random = seededRandom(seed);
  };

  /** @param {{ method: string, path: string, body: string, headers: import('node:http').IncomingHttpHeaders }} request */
  const decide = (request) => {
    for (const [index, rule] of rules.entries()) {
      if (!ruleMatches(rule, request)) continue;
      if (rule.times !== undefined && (hits[index] ?? 0) >= rule.times) continue;
      if (rule.probability !== undefined && random() >= rule.probability) continue;
      hits[index] = (hits[index] ?? 0) + 1;
      log.push({ at: Date.now(), method: request.method, path: request.path, fault: rule.fault });
      if (log.length > MAX_LOG) log.shift();
      return rule;
    }
    return null;
  };

  /** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();

    if (path === RELEASE_PATH && method === 'POST') {
      let cut = false;
      try {
        cut = body.length > 0 && JSON.parse(body.toString('utf8')).cut === true;
      } catch {
        return json(res, 400, { error: 'The body must be { "cut": true | false } in JSON.' });
      }
      return json(res, 200, { released: releaseHeld(!cut) });
    }
    if (path === CONTROL_PATH) {
      if (method === 'GET') return json(res, 200, { rules, hits, log });
      if (method === 'DELETE') {
        // Nothing stays held once the faults are gone.
        releaseHeld(true);
        setRules([]);
        return json(res, 200, { rules });
      }
      if (method === 'PUT') {
        try {
          const parsed = JSON.parse(body.toString('utf8'));
          setRules(Array.isArray(parsed.rules) ? parsed.rules : [], Number(parsed.seed ?? 1));
          return json(res, 200, { rules });
        } catch {
          return json(res, 400, { error: 'The body must be { "rules": [...] } in JSON.' });
        }
      }
      return json(res, 405, { error: 'GET, PUT or DELETE' });
    }

    const rule = decide({ method, path, body: body.toString('utf8'), headers: req.headers });
    if (rule?.fault === 'cut') return req.socket.destroy();
    if (rule?.fault === 'error') {
      return json(res, rule.status ?? 502, {
        data: null,
        error: {
          status: rule.status ?? 502,
          name: 'InjectedFault',
          message: 'Injected by the fault proxy',
        },
      });
    }
    if (rule?.fault === 'answer') {
      res.writeHead(rule.status ?? 200, { 'content-type': rule.contentType ?? 'application/json' });
      return res.end(rule.body ?? '');
    }
    // Held until the client gives up (or the proxy stops); the CMS never hears of it.
    if (rule?.fault === 'hang') return;
    if (rule?.fault === 'delay')
      await new Promise((done) => setTimeout(done, rule.delayMs ?? 6_000));
    if (rule?.fault === 'hold') {
      const go = await new Promise((release) => held.push(release));
      if (!go) return req.socket.destroy();
    }
    if (req.socket.destroyed) return;

    const changes = rule?.fault === 'truncate' || rule?.fault === 'rewrite';
    const forwarded = httpRequest(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method,
        path: req.url,
        headers: {
          ...req.headers,
          host: upstream.host,
          'content-length': String(body.length),
          // An answer the proxy changes must come as plain text.
          ...(changes ? { 'accept-encoding': 'identity' } : {}),
        },
      },
      (answer) => {
        if (rule?.fault === 'lose-answer') {
          // The CMS has applied the request and answered; the answer never reaches the client.
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        if (rule && changes) {
          const parts = /** @type {Buffer[]} */ ([]);
          answer.on('data', (part) => parts.push(part));
          answer.on('end', () => {
            const changed = changedAnswer(rule, Buffer.concat(parts));
            const headers = { ...answer.headers, 'content-length': String(changed.length) };
            delete headers['transfer-encoding'];
            delete headers['content-encoding'];
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(changed);
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent)
        json(res, 502, {
          data: null,
          error: { status: 502, name: 'BadGateway', message: 'The CMS could not be reached' },
        });
      else res.destroy();
    });
    forwarded.end(body);
  });
  // Connections stay open between requests (keep-alive from the web server's proxy).
  server.keepAliveTimeout = 60_000;

  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${address.port}`,
    setRules,
    stop: () =>
      new Promise((resolve) => {
        releaseHeld(false);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
