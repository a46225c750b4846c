'use strict';

const { writeFileSync } = require('node:fs');
const { Kind, parse, valueFromASTUntyped } = require('graphql');
const bodyParser = require('koa-bodyparser');
const { RateLimiterMemory } = require('rate-limiter-flexible');
const { GRAPHQL_LIMITS } = require('../graphql/query-cost');
const { normaliseEmail } = require('../utils/email-address');

/**
 * Every request that is not a read (any method but GET, HEAD and OPTIONS, on any path, so a new
 * route is budgeted the day it is added) spends from its address's budget and, when it carries a
 * valid token, from its account's budget. Sign-ins are budgeted by what they cost others: failed
 * ones per account named and per address, successful ones only against a generous per-address cap,
 * so a school's staff all get in and a pupil's wrong passwords lock out nobody but the account
 * they named. Account e-mails are budgeted per address and, with invitations, per recipient. Every GraphQL mutation
 * field spends from the budget of its REST twin. Playlist writes (sync, REST and GraphQL) spend
 * operations from one per-account budget by their size, and large ones run one per account at a
 * time with a pause between them, so one account cannot take the database from everyone else.
 *
 * Two stages: `writeBudget` runs before the body is read (what the path and address alone decide,
 * so a refused request costs almost nothing) and `afterBody` right after strapi::body (what
 * depends on the body: the account named, the recipient, the number of operations, the GraphQL
 * mutation fields).
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
  // Every sign-in from one address, successful or not: a large school's staff and pupils' devices.
  signIn: { points: 1000, duration: 600 },
  // Failed sign-ins from one address: more than any room of people mistyping; a script guessing.
  // AUTH_RATE_LIMIT_MAX sets it (config.failedSignInsPerAddress).
  failedSignIns: { points: 300, duration: 600 },
  // Failed sign-ins naming one account, from any address: guessing one person's password.
  failedSignInsPerAccount: { points: 10, duration: 600 },
  // Registrations, password resets and confirmation e-mails from one address (a school's staff).
  accountMail: { points: 300, duration: 3600 },
  // Account e-mails to one recipient: nobody's inbox is flooded, whatever address asks.
  accountMailPerRecipient: { points: 5, duration: 3600 },
  // Playlist operations one account may send a minute (a sync operation, or an item written by a
  // REST or GraphQL playlist write; a pull counts one): a teacher's five devices reconnecting
  // with 50 edits each send 250; a device with a full outbox (1,000 per request) sends two
  // requests a minute; a script sending bulk writes back to back is held back.
  syncOperations: { points: 2000, duration: 60 },
};

/**
 * Playlist writes in bulk (over BULK_OPERATIONS operations or items, or a body whose size its
 * headers do not tell: chunked or content-encoded): seconds of work on SQLite, which has one
 * writer. One such request per account runs at a time and up to `waiting` more wait their turn;
 * the account's next one starts only after a pause as long as the last one took, so requests that
 * arrived meanwhile (other accounts, visitors) run first and one account keeps the server busy at
 * most half the time. A device's everyday sync (a few dozen operations) does not wait for the
 * account's other devices.
 */
const SYNC_LINE = { waiting: 8, maxWaitMs: 15_000, retryAfterSeconds: 5 };
const BULK_OPERATIONS = 100;
const MAX_PAUSE_MS = 10_000;
// A refused request's body is read and dropped up to this size, so that the client sees the 429
// rather than a connection reset while it is still sending; beyond it the connection is closed.
const DRAIN_LIMIT_BYTES = 2 * 1024 * 1024;

// Outside production the tests and the local stack sign in and write far more than a person would.
const RELAXED_FACTOR = 100;

const SIGN_IN_PATHS = new Set([
  '/api/auth/local',
  '/api/auth/refresh',
  '/admin/login',
  '/admin/access-token',
  '/admin/renew-token',
]);
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
// REST playlist writes: POST /api/playlists, PUT /api/playlists/:id.
const PLAYLIST_WRITE = /^\/api\/playlists(\/[^/]+)?$/;
// Routes that send an e-mail to an address their body names, and the field that names it: each
// spends from the recipient's budget, so nobody's inbox is flooded whichever route sends to it.
const MAIL_RECIPIENT_FIELDS = new Map([
  ['/api/auth/local/register', 'email'],
  ['/api/auth/forgot-password', 'email'],
  ['/api/auth/send-email-confirmation', 'email'],
  ['/admin/forgot-password', 'email'],
  // A school's invitation (signed in: it also spends the account's write budget).
  ['/api/member-account/invitation', 'invitee'],
]);

/**
 * GraphQL mutation fields that spend from a budget of their own (their REST twin's); every other
 * mutation field is an ordinary write. Playlist writes spend operations by their items.
 */
const MUTATION_BUDGETS = {
  login: 'signIn',
  register: 'accountMail',
  forgotPassword: 'accountMail',
  resetPassword: 'accountMail',
  emailConfirmation: 'accountMail',
  createPlaylist: 'playlist',
  updatePlaylist: 'playlist',
  deletePlaylist: 'playlist',
};
/** The kind of budget a GraphQL mutation field spends from (for the test that walks the schema). */
const mutationBudget = (field) => MUTATION_BUDGETS[field] ?? 'write';

const TOO_MANY_FROM_NETWORK =
  'Too many requests from this network just now. Please wait a moment and try again.';
const TOO_MANY_FROM_ACCOUNT =
  'Too many changes from this account just now. Please wait a moment and try again.';
const TOO_MANY_SIGN_IN_FAILURES =
  'Too many failed sign-ins for this account just now. Please wait a moment and try again.';
const TOO_MANY_EMAILS =
  'Too many e-mails have been sent to this address just now. Please wait a moment and try again.';
const ALREADY_SYNCING =
  'This account is already sending a large batch of changes. Please wait a moment and try again.';
const TOO_MUCH_SYNCING =
  'This account has sent many changes just now. Please wait a moment and try again.';

const normalPath = (path) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The budgets a request spends from before its body is read (names of BUDGETS).
 * @param {string} method @param {string} path
 */
function budgetsFor(method, path) {
  const route = normalPath(path);
  // Sign-in and e-mail routes whatever their method (email-confirmation is a GET link).
  if (SIGN_IN_PATHS.has(route)) return { perIp: ['signIn', 'ipWrite'], perUser: [], signIn: true };
  if (ACCOUNT_MAIL_PATHS.has(route)) return { perIp: ['accountMail', 'ipWrite'], perUser: [] };
  if (route === '/graphql')
    return READS.has(method.toUpperCase())
      ? null
      : { perIp: ['ipWrite'], perUser: ['userGraphql'], graphql: true };
  if (READS.has(method.toUpperCase())) return null;
  const playlistWrite =
    SYNC_PATHS.has(route) ||
    (PLAYLIST_WRITE.test(route) && ['POST', 'PUT'].includes(method.toUpperCase()));
  return { perIp: ['ipWrite'], perUser: ['userWrite'], playlistWrite };
}

/**
 * The e-mail address a sign-in or account e-mail body names, spelled as the routes store it
 * (utils/email-address.js), or null: another spelling of one address is the same budget.
 */
const addressee = (value) => normaliseEmail(value) || null;

/**
 * The mutation fields of a GraphQL request body (one per alias; several operations, batches and
 * fragments included), each with its arguments as plain values. Null when it does not parse: the
 * GraphQL server refuses it without running anything.
 */
function mutationFields(body, query) {
  const requests = Array.isArray(body)
    ? body
    : [body && typeof body === 'object' && body.query ? body : query];
  const fields = [];
  for (const request of requests) {
    if (!request || typeof request.query !== 'string') continue;
    let document;
    try {
      document = parse(request.query, { maxTokens: GRAPHQL_LIMITS.maxTokens });
    } catch {
      continue;
    }
    let variables = request.variables;
    if (typeof variables === 'string') {
      try {
        variables = JSON.parse(variables);
      } catch {
        variables = {};
      }
    }
    const fragments = new Map(
      document.definitions
        .filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    const collect = (selectionSet, seen) => {
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          const args = {};
          for (const arg of selection.arguments ?? [])
            args[arg.name.value] = valueFromASTUntyped(arg.value, variables ?? {});
          fields.push({ name: selection.name.value, args });
        } else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet, seen);
        else if (selection.kind === Kind.FRAGMENT_SPREAD && !seen.has(selection.name.value)) {
          const fragment = fragments.get(selection.name.value);
          if (fragment) collect(fragment.selectionSet, new Set([...seen, selection.name.value]));
        }
      }
    };
    // Every mutation in the document, whichever operationName names: the budget never guesses less.
    for (const definition of document.definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'mutation')
        collect(definition.selectionSet, new Set());
    }
  }
  return fields;
}

/** Items a playlist write carries (REST `data`, GraphQL `data` argument): one operation each. */
const itemsIn = (data) =>
  data && typeof data === 'object' && Array.isArray(data.items) ? data.items.length : 0;

/** A body whose size its headers do not tell: chunked, or content-encoded. */
function sizeUntold(ctx) {
  const encoding = String(ctx.get('content-encoding') ?? '')
    .trim()
    .toLowerCase();
  return (
    (encoding !== '' && encoding !== 'identity') ||
    !(Number(ctx.get('content-length')) >= 0) ||
    ctx.get('content-length') === ''
  );
}

/** The signed-in account a bearer token names, or null; the route's own auth still decides access. */
async function accountOf(ctx, strapi) {
  const header = ctx.request.header.authorization;
  if (!header || !/^bearer\s+\S+$/i.test(header)) return null;
  try {
    const id = await strapi.plugin('users-permissions').service('jwt').signedAccountId(ctx);
    if (id != null) return `user:${id}`;
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

/** Each CMS's budgets and line, shared by the two stages. */
const states = new WeakMap();

function createState(config) {
  const factor = config.budgets === 'production' ? 1 : RELAXED_FACTOR;
  const points = Object.fromEntries(
    Object.entries(BUDGETS).map(([name, budget]) => [name, budget.points * factor]),
  );
  // A deployment's own figure for failed sign-ins per address is taken as it is.
  const failedPerAddress = Number.parseInt(String(config.failedSignInsPerAddress ?? ''), 10);
  if (failedPerAddress > 0) points.failedSignIns = failedPerAddress;
  const limiters = Object.fromEntries(
    Object.entries(BUDGETS).map(([name, { duration }]) => [
      name,
      new RateLimiterMemory({ keyPrefix: name, points: points[name], duration }),
    ]),
  );
  const policy = (names) =>
    names.map((name) => `"${name}";q=${points[name]};w=${BUDGETS[name].duration}`).join(', ');
  const syncLine = createLine({
    ...SYNC_LINE,
    waiting: SYNC_LINE.waiting * (factor === 1 ? 1 : 10),
  });
  return { points, limiters, policy, syncLine };
}

const messageFor = (name) =>
  ({
    failedSignInsPerAccount: TOO_MANY_SIGN_IN_FAILURES,
    accountMailPerRecipient: TOO_MANY_EMAILS,
    syncOperations: TOO_MUCH_SYNCING,
    userWrite: TOO_MANY_FROM_ACCOUNT,
    userGraphql: TOO_MANY_FROM_ACCOUNT,
  })[name] ?? TOO_MANY_FROM_NETWORK;

/** Whether a sign-in was refused for its credentials (REST: a 400; GraphQL: an answer with errors). */
function signInFailed(ctx, graphql) {
  if (!graphql) return ctx.status === 400 || ctx.status === 401;
  const text =
    typeof ctx.body === 'string'
      ? ctx.body
      : Buffer.isBuffer(ctx.body)
        ? ctx.body.toString()
        : JSON.stringify(ctx.body ?? {});
  return /"errors"\s*:/.test(text);
}

module.exports = (config, { strapi }) => {
  const state = createState(config);
  states.set(strapi, state);
  const { policy } = state;

  const tableFile = process.env.CMS_ROUTE_TABLE_FILE;
  if (tableFile)
    strapi.server.httpServer.once('listening', () =>
      writeFileSync(tableFile, JSON.stringify(routeTable(strapi))),
    );

  return async function writeBudget(ctx, next) {
    const budgets = budgetsFor(ctx.method, ctx.path);
    if (!budgets) return next();
    const ip = clientAddress(ctx);
    const account = budgets.perUser.length ? await accountOf(ctx, strapi) : null;
    const spends = [
      ...budgets.perIp.map((name) => [name, ip]),
      ...(account ? budgets.perUser.map((name) => [name, account]) : []),
    ];
    ctx.set('RateLimit-Policy', policy(spends.map(([name]) => name)));
    for (const [name, key] of spends) {
      const refused = await spend(state, name, key);
      if (refused) return refuse(ctx, refused.msBeforeNext / 1000, messageFor(name));
    }
    const signIn =
      budgets.signIn &&
      normalPath(ctx.path) !== '/api/auth/refresh' &&
      normalPath(ctx.path) !== '/admin/renew-token';
    if (signIn) {
      const spent = await spentOut(state, 'failedSignIns', ip);
      if (spent) return refuse(ctx, spent.msBeforeNext / 1000, TOO_MANY_FROM_NETWORK);
    }
    if (budgets.playlistWrite && account) {
      // Cheap refusal before the body is read; the request's own size is charged after (afterBody).
      const spent = await spentOut(state, 'syncOperations', account);
      if (spent) return refuse(ctx, spent.msBeforeNext / 1000, TOO_MUCH_SYNCING);
    }
    const plan = {
      ip,
      account,
      signIn,
      graphql: Boolean(budgets.graphql),
      playlistWrite: budgets.playlistWrite && account,
    };
    ctx.state.writeBudget = plan;
    if (!signIn) return next();
    // A refused sign-in is thrown (strapi::errors, before this middleware, answers it).
    let failed = false;
    try {
      await next();
      failed = signInFailed(ctx, false);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // plan.identifier is set once the body was read (afterBody); a 429 from there is no attempt.
      if (failed && plan.identifier !== undefined && !plan.refused)
        await chargeFailedSignIn(state, ip, plan.identifier);
    }
    return undefined;
  };
};

/**
 * Spends `points` from a budget; the rejection (with msBeforeNext) when it is spent, else null.
 * @param {{ limiters?: any }} budgets @param {string} name @param {string} key @param {number} [points]
 */
async function spend({ limiters }, name, key, points = 1) {
  try {
    await limiters[name].consume(key, points);
    return null;
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    // A refused request spends nothing: the next smaller one may still fit.
    if (points > 1) await limiters[name].reward(key, points);
    return rejection;
  }
}

/** The budget's state when it is spent (budgets charged only afterwards, on failure), else null. */
async function spentOut({ limiters, points }, name, key) {
  const used = await limiters[name].get(key);
  return used && used.consumedPoints >= points[name] ? used : null;
}

async function chargeFailedSignIn({ limiters }, ip, identifier) {
  await limiters.failedSignIns.penalty(ip, 1);
  if (identifier) await limiters.failedSignInsPerAccount.penalty(identifier, 1);
}

/**
 * The second stage, right after strapi::body: what the body decides. Sign-ins naming an account
 * that has failed too often, e-mails to a recipient who has had enough, GraphQL mutation fields
 * (each spends from its REST twin's budget), and playlist writes by their size.
 */
module.exports.afterBody = (config, { strapi }) =>
  async function writeBudgetAfterBody(ctx, next) {
    const plan = ctx.state.writeBudget;
    const state = states.get(strapi);
    if (!plan || !state) return next();
    const body = ctx.request.body;
    const route = normalPath(ctx.path);

    if (plan.signIn) {
      plan.identifier = addressee(body?.identifier ?? body?.email) ?? '';
      const spent =
        plan.identifier && (await spentOut(state, 'failedSignInsPerAccount', plan.identifier));
      if (spent) {
        plan.refused = true;
        return refuse(ctx, spent.msBeforeNext / 1000, TOO_MANY_SIGN_IN_FAILURES);
      }
      return next();
    }
    if (MAIL_RECIPIENT_FIELDS.has(route) && ctx.method.toUpperCase() === 'POST') {
      const recipient = addressee(body?.[MAIL_RECIPIENT_FIELDS.get(route)]);
      const refused = recipient && (await spend(state, 'accountMailPerRecipient', recipient));
      if (refused) return refuse(ctx, refused.msBeforeNext / 1000, TOO_MANY_EMAILS);
      return next();
    }
    if (plan.graphql) {
      await readGraphqlBody(ctx, strapi);
      return graphqlWithinBudget(ctx, next, state, plan);
    }
    if (plan.playlistWrite) {
      const operations = SYNC_PATHS.has(route)
        ? Math.max(1, Array.isArray(body?.operations) ? body.operations.length : 0)
        : Math.max(1, itemsIn(body?.data));
      return playlistWithinBudget(ctx, next, state, plan.account, operations);
    }
    return next();
  };

/**
 * strapi::body leaves /graphql to the GraphQL plugin's own body parser, which runs in the route;
 * the same parser with the same settings reads it here, and the plugin's then finds it read.
 */
async function readGraphqlBody(ctx, strapi) {
  if (ctx.request.body !== undefined || READS.has(ctx.method.toUpperCase())) return;
  const settings = strapi.plugin('graphql')?.config('apolloServer')?.bodyParserConfig ?? true;
  if (settings === false) return;
  await bodyParser(typeof settings === 'object' ? settings : undefined)(ctx, async () => {});
}

/** Every mutation field of a GraphQL request spends from its REST twin's budget. */
async function graphqlWithinBudget(ctx, next, state, { ip, account }) {
  const fields = mutationFields(ctx.request.body, ctx.query);
  if (fields.length === 0) return next();
  const charged = new Set();
  const signInIdentifiers = [];
  let operations = 0;
  for (const { name, args } of fields) {
    const kind = mutationBudget(name);
    /** @type {Array<[string, string]>} */
    const spends = [];
    if (kind === 'signIn') {
      const identifier = addressee(args.input?.identifier) ?? '';
      for (const [budget, key] of [
        ['failedSignIns', ip],
        ['failedSignInsPerAccount', identifier],
      ]) {
        const spent = key && (await spentOut(state, budget, key));
        if (spent) return refuse(ctx, spent.msBeforeNext / 1000, messageFor(budget));
        charged.add(budget);
      }
      signInIdentifiers.push(identifier);
      spends.push(['signIn', ip]);
    } else if (kind === 'accountMail') {
      spends.push(['accountMail', ip]);
      const recipient = addressee(args.email ?? args.input?.email);
      if (recipient) spends.push(['accountMailPerRecipient', recipient]);
    } else if (kind === 'playlist') {
      operations += Math.max(1, itemsIn(args.data));
      charged.add('syncOperations');
    } else spends.push(account ? ['userWrite', account] : ['ipWrite', ip]);
    for (const [budget, key] of spends) {
      charged.add(budget);
      const refused = await spend(state, budget, key);
      if (refused) return refuse(ctx, refused.msBeforeNext / 1000, messageFor(budget));
    }
  }
  ctx.set(
    'RateLimit-Policy',
    [ctx.response.get('RateLimit-Policy'), state.policy([...charged])].filter(Boolean).join(', '),
  );
  if (operations > 0 && account) await playlistWithinBudget(ctx, next, state, account, operations);
  else await next();
  if (signInIdentifiers.length > 0 && signInFailed(ctx, true)) {
    for (const identifier of signInIdentifiers) await chargeFailedSignIn(state, ip, identifier);
  }
  return undefined;
}

/** A playlist write spends its operations; a large one waits its turn in the account's line (SYNC_LINE). */
async function playlistWithinBudget(ctx, next, { syncLine, ...state }, account, operations) {
  const refused = await spend(state, 'syncOperations', account, operations);
  if (!ctx.response.get('RateLimit-Policy').includes('"syncOperations"')) {
    ctx.set(
      'RateLimit-Policy',
      [ctx.response.get('RateLimit-Policy'), state.policy(['syncOperations'])]
        .filter(Boolean)
        .join(', '),
    );
  }
  if (refused) return refuse(ctx, refused.msBeforeNext / 1000, TOO_MUCH_SYNCING);
  if (operations <= BULK_OPERATIONS && !sizeUntold(ctx)) return next();
  if (!(await syncLine.enter(account)))
    return refuse(ctx, SYNC_LINE.retryAfterSeconds, ALREADY_SYNCING);
  const began = performance.now();
  try {
    // A device that gave up while waiting (the app stops waiting after 20 s) is not served.
    if (ctx.req.socket?.destroyed) return undefined;
    return await next();
  } finally {
    syncLine.leave(account, Math.min(performance.now() - began, MAX_PAUSE_MS));
  }
}

module.exports.budgetsFor = budgetsFor;
module.exports.mutationBudget = mutationBudget;
module.exports.mutationFields = mutationFields;
module.exports.BUDGETS = BUDGETS;
