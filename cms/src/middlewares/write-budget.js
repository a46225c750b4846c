'use strict';

const { writeFileSync } = require('node:fs');
const { RateLimiterMemory } = require('rate-limiter-flexible');

/**
 * Every request that is not a read (any method but GET, HEAD and OPTIONS, on any path, so a new
 * route is budgeted the day it is added) spends from its address's budget and, when it carries a
 * valid token, from its account's budget. The sign-in and account e-mail routes spend from a
 * per-address budget that never looks at the body, so a new e-mail address per request gets no
 * fresh bucket. Playlist sync stays within a number of operations per account a minute, and bulk
 * syncs run one per account at a time with a pause between them, so one account's bulk syncs
 * cannot take the database from everyone else.
 *
 * Budgets are counted in this process's memory: with several CMS instances each one counts its own.
 */

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Production budgets. Per address they are generous because a whole school shares one public
 * address (300 devices syncing at once: bench/load-school.mjs); per account they hold back one
 * script or one runaway device.
 */
const BUDGETS = {
  // Any write from one address: 300 devices at over 30 writes a minute each.
  ipWrite: { points: 10000, duration: 60 },
  // Any write by one signed-in account (all its devices together).
  userWrite: { points: 300, duration: 60 },
  // GraphQL by one signed-in account: the app reads through POST /graphql (pages, offline
  // downloads), so this is wider than userWrite; each request's size is bounded by
  // src/graphql/query-cost.js.
  userGraphql: { points: 1200, duration: 60 },
  // Sign-ins from one address: a school's staff arriving in the morning. Guessing one account's
  // password is also held back per address and e-mail by users-permissions (config/plugins.js).
  signIn: { points: 100, duration: 600 },
  // Registrations, password resets and confirmation e-mails from one address.
  accountMail: { points: 60, duration: 3600 },
  // Playlist operations one account may send a minute (a pull counts one): a teacher's five
  // devices reconnecting with 50 edits each send 250; a device with a full outbox (1,000 per
  // request) sends two requests a minute; a script sending bulk syncs back to back is held back.
  syncOperations: { points: 2000, duration: 60 },
};

/**
 * Playlist sync in bulk (a body over BULK_BYTES: hundreds of operations, seconds of work on
 * SQLite, which has one writer): one such request per account runs at a time and up to `waiting`
 * more wait their turn; the account's next one starts only after a pause as long as the last one
 * took, so requests that arrived meanwhile (other accounts, visitors) run first and one account
 * keeps the server busy at most half the time. A device's everyday sync (a few dozen operations)
 * does not wait for the account's other devices.
 */
const SYNC_LINE = { waiting: 8, maxWaitMs: 15_000, retryAfterSeconds: 5 };
const BULK_BYTES = 32 * 1024;
const MAX_PAUSE_MS = 10_000;
// A refused request's body is read and dropped up to this size, so that the client sees the 429
// rather than a connection reset while it is still sending; beyond it the connection is closed.
const DRAIN_LIMIT_BYTES = 2 * 1024 * 1024;

// Outside production the tests and the local stack sign in and write far more than a person would.
const RELAXED_FACTOR = 100;

const SIGN_IN_PATHS = new Set(['/api/auth/local', '/api/auth/refresh', '/admin/login', '/admin/access-token', '/admin/renew-token']);
const ACCOUNT_MAIL_PATHS = new Set([
  '/api/auth/local/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/email-confirmation',
  '/api/auth/send-email-confirmation',
  '/admin/register',
  '/admin/register-admin',
  '/admin/forgot-password',
  '/admin/reset-password',
]);
const SYNC_PATHS = new Set(['/api/playlist-sync', '/api/playlist-sync/changes']);

const TOO_MANY_FROM_NETWORK = 'Too many requests from this network just now. Please wait a moment and try again.';
const TOO_MANY_FROM_ACCOUNT = 'Too many changes from this account just now. Please wait a moment and try again.';
const ALREADY_SYNCING = 'This account is already sending a large batch of changes. Please wait a moment and try again.';
const TOO_MUCH_SYNCING = 'This account has sent many changes just now. Please wait a moment and try again.';

const normalPath = (path) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The budgets a request spends from (names of BUDGETS), and whether it joins the sync line.
 * @param {string} method @param {string} path
 */
function budgetsFor(method, path) {
  const route = normalPath(path);
  // Sign-in and e-mail routes whatever their method (email-confirmation is a GET link).
  if (SIGN_IN_PATHS.has(route)) return { perIp: ['signIn', 'ipWrite'], perUser: [], syncLine: false };
  if (ACCOUNT_MAIL_PATHS.has(route)) return { perIp: ['accountMail', 'ipWrite'], perUser: [], syncLine: false };
  if (READS.has(method.toUpperCase())) return null;
  if (route === '/graphql') return { perIp: ['ipWrite'], perUser: ['userGraphql'], syncLine: false };
  return { perIp: ['ipWrite'], perUser: ['userWrite'], syncLine: SYNC_PATHS.has(route) };
}

/** The signed-in account a bearer token names, or null; the route's own auth still decides access. */
async function accountOf(ctx, strapi) {
  const header = ctx.request.header.authorization;
  if (!header || !/^bearer\s+\S+$/i.test(header)) return null;
  try {
    const payload = await strapi.plugin('users-permissions').service('jwt').getToken(ctx);
    if (payload?.id != null) return `user:${payload.id}`;
  } catch {
    // Not a users-permissions token: perhaps an editor's.
  }
  try {
    const result = strapi.sessionManager?.('admin').validateAccessToken(header.split(/\s+/)[1]);
    if (result?.isValid && result.payload?.userId != null) return `admin:${result.payload.userId}`;
  } catch {
    // Not a valid token at all: the address's budget still applies.
  }
  return null;
}

const clientAddress = (ctx) => String(ctx.request.ip ?? '').replace(/^::ffff:/, '');

/** Reads and drops what is left of the request body (see DRAIN_LIMIT_BYTES). */
function drain(req) {
  if (req.complete || req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      req.off('data', count);
      resolve();
    };
    const count = (chunk) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) {
        req.socket?.destroy();
        done();
      }
    };
    req.on('data', count);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

async function refuse(ctx, retryAfterSeconds, message) {
  await drain(ctx.req);
  ctx.status = 429;
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  ctx.body = { data: null, error: { status: 429, name: 'RateLimitError', message } };
}

/** One request at a time per key; the rest wait in order, up to a bound. */
function createLine({ waiting, maxWaitMs }) {
  /** @type {Map<string, { busy: boolean, queue: Array<() => boolean> }>} */
  const lines = new Map();
  const handOver = (key) => {
    const line = lines.get(key);
    if (!line) return;
    // The first waiter still waiting takes the turn; one that gave up passes it on.
    while (line.queue.length > 0) if (line.queue.shift()()) return;
    lines.delete(key);
  };
  return {
    /** Resolves true when it is this request's turn, false when the line is full or the wait too long. */
    async enter(key) {
      const line = lines.get(key) ?? { busy: false, queue: [] };
      lines.set(key, line);
      if (!line.busy) {
        line.busy = true;
        return true;
      }
      if (line.queue.length >= waiting) return false;
      return new Promise((resolve) => {
        let settled = false;
        const timer = setTimeout(() => {
          settled = true;
          const index = line.queue.indexOf(turn);
          if (index >= 0) line.queue.splice(index, 1);
          resolve(false);
        }, maxWaitMs);
        const turn = () => {
          if (settled) return false;
          settled = true;
          clearTimeout(timer);
          resolve(true);
          return true;
        };
        line.queue.push(turn);
      });
    },
    /** The next in line starts after `pauseMs`, and in any case after pending I/O. */
    leave(key, pauseMs = 0) {
      setTimeout(() => handOver(key), pauseMs);
    },
  };
}

/** The route table (method and path of every route), for the test that checks each one is budgeted. */
function routeTable(strapi) {
  return strapi.server.listRoutes().map((layer) => ({ path: layer.path, methods: layer.methods }));
}

module.exports = (config, { strapi }) => {
  const factor = config.budgets === 'production' ? 1 : RELAXED_FACTOR;
  const limiters = Object.fromEntries(
    Object.entries(BUDGETS).map(([name, { points, duration }]) => [
      name,
      new RateLimiterMemory({ keyPrefix: name, points: points * factor, duration }),
    ]),
  );
  const policy = (names) => names.map((name) => `"${name}";q=${BUDGETS[name].points * factor};w=${BUDGETS[name].duration}`);
  const syncLine = createLine({ ...SYNC_LINE, waiting: SYNC_LINE.waiting * (factor === 1 ? 1 : 10) });

  const tableFile = process.env.CMS_ROUTE_TABLE_FILE;
  if (tableFile) strapi.server.httpServer.once('listening', () => writeFileSync(tableFile, JSON.stringify(routeTable(strapi))));

  return async function writeBudget(ctx, next) {
    const budgets = budgetsFor(ctx.method, ctx.path);
    if (!budgets) return next();
    const account = budgets.perUser.length ? await accountOf(ctx, strapi) : null;
    const spends = [
      ...budgets.perIp.map((name) => [name, clientAddress(ctx)]),
      ...(account ? budgets.perUser.map((name) => [name, account]) : []),
    ];
    ctx.set('RateLimit-Policy', policy(spends.map(([name]) => name)).join(', '));
    for (const [name, key] of spends) {
      try {
        await limiters[name].consume(key);
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        await refuse(ctx, rejection.msBeforeNext / 1000, name.startsWith('user') ? TOO_MANY_FROM_ACCOUNT : TOO_MANY_FROM_NETWORK);
        return undefined;
      }
    }
    if (!budgets.syncLine || !account) return next();
    return syncWithinBudget(ctx, next, account);
  };

  /** Playlist sync: within the account's operations a minute; bulk requests one at a time (SYNC_LINE). */
  async function syncWithinBudget(ctx, next, account) {
    const spent = async () => {
      const used = await limiters.syncOperations.get(account);
      return used && used.remainingPoints <= 0 ? used : null;
    };
    const before = await spent();
    if (before) return refuse(ctx, before.msBeforeNext / 1000, TOO_MUCH_SYNCING);
    // No Content-Length (a chunked body) counts as bulk.
    const bulk = !(Number(ctx.get('content-length')) <= BULK_BYTES);
    if (bulk && !(await syncLine.enter(account))) return refuse(ctx, SYNC_LINE.retryAfterSeconds, ALREADY_SYNCING);
    let operations = 0;
    const began = performance.now();
    try {
      if (bulk) {
        // A device that gave up while waiting (the app stops waiting after 20 s) is not served,
        // and the request before it in the line may have spent the account's budget.
        if (ctx.req.socket?.destroyed) return undefined;
        const after = await spent();
        if (after) return await refuse(ctx, after.msBeforeNext / 1000, TOO_MUCH_SYNCING);
      }
      operations = 1;
      await next();
      // Counted once the body has been read (strapi::body, after this middleware).
      const sent = ctx.request.body?.operations;
      if (Array.isArray(sent)) operations = Math.max(1, sent.length);
      return undefined;
    } finally {
      if (bulk) syncLine.leave(account, Math.min(performance.now() - began, MAX_PAUSE_MS));
      if (operations > 0) await limiters.syncOperations.penalty(account, operations);
    }
  }
};

module.exports.budgetsFor = budgetsFor;
module.exports.BUDGETS = BUDGETS;
