// Requests to the CMS take turns per session, so one session's burst cannot hold back everyone
// else's requests.
//
// On SQLite a CMS request's work runs whole in one turn of Node's event loop, and the loop accepts
// one new connection per turn. A burst of requests that each fit every budget, sent on new
// connections, was therefore accepted and answered one by one while another teacher's request
// waited in the kernel's queue behind all of them (200 small playlist syncs: up to 6.2 s). Here
// at most SESSION_TURNS requests of one session are at the CMS at once; the rest wait in that
// session's own queue, in order, while other sessions' requests go straight through. A browser
// opens at most six connections to one origin over HTTP/1.1, so a device's own traffic is not
// held back by its own turns.
//
// A session is the request's Authorization header (a teacher's token): a forged token only makes
// a session of its own. A request without one takes no turn: keyed by the client's address, the
// devices of a school behind one address would share six turns, and one of them sending slow
// bodies could hold all six. A turn ends when the CMS's answer starts (its headers), so a long
// download does not hold one; an upload holds it until the CMS answers, which only slows its own
// session. A request the device gives up once the CMS has all of it keeps its turn until the CMS
// answers (the proxy hands its request to the CMS over: holdTurnFor), since the CMS works it
// through anyway, or for GIVEN_UP_HOLD_MS at most; one given up before the CMS has all of it
// gives its turn back at once. Turns are per token, not per account: an account that signs in
// many times (each sign-in within the CMS's budgets) has turns for each token, as many devices
// would.
import onHeaders from 'on-headers';

/** Requests of one session at the CMS at once. */
const SESSION_TURNS = 6;
/** Requests of one session waiting for a turn; more are refused with 429 and Retry-After. */
const SESSION_QUEUE = 200;
const RETRY_AFTER_SECONDS = 5;
/** How long a request given up at the CMS keeps its turn at most, for a CMS that never answers. */
const GIVEN_UP_HOLD_MS = 5000;

/**
 * Whose turns a CMS request takes: the teacher's token, read from the header as the CMS reads it
 * (users-permissions: split on any whitespace, exactly two parts, the word 'bearer' in any case),
 * so no other spelling of the same token is a session of its own; a header the CMS cannot read is
 * one session as it is (the CMS refuses it); none without a header.
 * @param {{ headers: { authorization?: string } }} req
 */
export function sessionOf(req) {
  const header = req.headers.authorization;
  if (!header) return null;
  const parts = header.split(/\s+/);
  return parts.length === 2 && parts[0]?.toLowerCase() === 'bearer'
    ? `token ${parts[1]}`
    : `header ${header}`;
}

/**
 * The turn each request at the CMS holds.
 * @type {WeakMap<object, { end: () => void, ended: boolean, upstream: boolean }>}
 */
const turnOf = new WeakMap();

/**
 * Ties a request's turn to its request to the CMS (the proxy's, once it has a connection): the
 * turn ends when the CMS's answer starts or that request ends, also after the device gave up.
 * @param {object} req @param {import('node:http').ClientRequest} upstream
 */
export function holdTurnFor(req, upstream) {
  const turn = turnOf.get(req);
  if (!turn) return;
  turn.upstream = true;
  upstream.once('response', turn.end);
  upstream.once('close', turn.end);
}

/**
 * Express middleware for the proxied CMS paths.
 * @param {(req: import('express').Request) => string | null} keyOf the session a request belongs
 *   to (sessionOf); null for one that takes no turn
 * @param {{ turns?: number, queue?: number }} [limits]
 * @returns {import('express').RequestHandler}
 */
export function sessionTurns(keyOf, { turns = SESSION_TURNS, queue = SESSION_QUEUE } = {}) {
  /**
   * Requests at the CMS per session; a session with none is not kept.
   * @type {Map<string, number>}
   */
  const atCms = new Map();
  /** Each session's waiting requests, oldest first. @type {Map<string, Array<() => void>>} */
  const waiting = new Map();

  /**
   * Gives a turn back and lets the session's next waiting requests have it.
   * @param {string} session
   */
  function endTurn(session) {
    atCms.set(session, (atCms.get(session) ?? 1) - 1);
    const line = waiting.get(session);
    // Each start takes a turn, or passes it on when its request is gone.
    while (line?.length && (atCms.get(session) ?? 0) < turns) line.shift()?.();
    if (line?.length === 0) waiting.delete(session);
    if (atCms.get(session) === 0) atCms.delete(session);
  }

  return (req, res, next) => {
    const session = keyOf(req);
    if (session === null) return next();
    const start = () => {
      // A request whose connection went while it waited (a pipelined one is never told) is not
      // sent on: it would hold a turn until the CMS gave up on its half-sent request.
      if (req.socket.destroyed || res.destroyed) {
        res.destroy();
        return;
      }
      atCms.set(session, (atCms.get(session) ?? 0) + 1);
      const turn = {
        ended: false,
        upstream: false,
        end: () => {
          if (turn.ended) return;
          turn.ended = true;
          endTurn(session);
        },
      };
      turnOf.set(req, turn);
      onHeaders(res, turn.end);
      // Given up before the CMS's answer started: the turn waits for that answer if the CMS has
      // the request (holdTurnFor). An answered request's close has nothing left to do.
      res.once('close', () => {
        if (turn.ended) return;
        if (!turn.upstream) turn.end();
        else setTimeout(turn.end, GIVEN_UP_HOLD_MS).unref();
      });
      next();
    };
    if ((atCms.get(session) ?? 0) < turns) return start();
    const line = waiting.get(session) ?? [];
    if (line.length >= queue) {
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(429).json({
        error: { status: 429, message: 'Too many requests at once: try again in a moment' },
      });
      return;
    }
    line.push(start);
    waiting.set(session, line);
    // A request given up while it waits leaves the line.
    res.once('close', () => {
      const at = line.indexOf(start);
      if (at === -1) return;
      line.splice(at, 1);
      if (line.length === 0 && waiting.get(session) === line) waiting.delete(session);
    });
  };
}
