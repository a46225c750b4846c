// `node bench/load-school.mjs`: a school of 300 devices coming back online at once.
// Two CMS instances share one PostgreSQL database (a throwaway server from scripts/postgres.mjs,
// or a fresh database on DATABASE_URL's server) behind the web server's round-robin proxy. Every
// device replays its offline outbox of 10–50 playlist operations the way the app's sync does
// (src/lib/sync/replay.ts): one POST /api/playlist-sync per playlist touched with that playlist's
// pending operations in order and the version the device last saw, then one pull of what changed
// since the device's cursor (POST /api/playlist-sync/changes); an answer lost on the way
// back ends the round, and the next round sends the same operation ids again. Every device pulled
// its library before the school went offline, so it has a cursor. After the reconnect every
// device syncs once more (catching up with its teacher's other devices), then once again with
// nothing changed: that quiet reconnect must be one request under 1 KB per device. Prints JSON:
// throughput, latency percentiles, requests and bytes per device, errors, and a consistency check
// (below), with the targets and the whole-library pull's figures to compare against.
//
// Accounts: USERS teachers registered through /api/auth/local/register (the app's sign-up), each
// with DEVICES/USERS devices (laptop, classroom board, tablet...). Each teacher has SHARED
// playlists made through the endpoint before the devices went offline, so every device of that
// teacher starts with the same copy (and version) of them and edits them offline: its renames,
// adds, removes and moves meet the other devices' on the same playlists. Devices also make
// playlists of their own (and edit those).
//
// Consistency: every request the CMS answered is logged with its answer. A reference merge
// replays each playlist's log in the CMS's order with applyOperations (cms/src/utils/
// playlist-ops.mjs; tests/cms/playlist-model.cms.test.ts proves the CMS against an independent
// reference), each operation id once. Checked: every answer (state, version, dropped operations)
// is what the reference predicts after that request; each teacher's playlists read back through
// the proxy at the end equal the reference; every operation a device made was acknowledged by
// the CMS (applied or dropped); no item key twice; every added item present
// unless a device removed it; no request failed after retries.
//
// Settings (env): DEVICES=300 USERS=60 SHARED=3 MIN_EDITS=10 MAX_EDITS=50 LOST_ANSWERS=0.1 SEED=1
// REQUEST_TIMEOUT_MS=20000 (the app's). LOST_ANSWERS: the share of sync requests whose answer is
// lost after the CMS applied them.
// CMS_CPU_PROF_DIR=path: every CMS runs under --cpu-prof and writes its .cpuprofile there when the
// bench stops it, with phases.json: when the reconnect and the pulls after it ran, on the
// profiles' own clock (bench/cpu-profile-summary.mjs reads them, the reconnect alone by default).
// CMS cost: each CMS process's CPU time (user + system, from /proc/<pid>/stat) is read before and
// after the reconnect and after each later phase, and divided by that phase's requests (cmsCpu);
// beside it the reconnect's CPU of the throwaway PostgreSQL and of this process, per request.
// PG_STATEMENTS=n (throwaway PostgreSQL only): the n statements that took PostgreSQL longest
// during the reconnect (pg_stat_statements: planning and execution), and statements per request.
// KEEP_LOAD_DATA=1 keeps the scratch folder (the CMS logs, a.log and b.log) after the run.
// LOAD_DATABASE=sqlite: one CMS on a throwaway SQLite file instead (SQLite has one writer, so one
// instance); `npm run bench` runs it that way with 30 devices
// reconnecting at once, next to the other benchmarks. RESULT_FILE=path also writes the JSON there.
import { scratchDir } from '../scripts/scratch.mjs';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { applyOperation, applyOperations } from '@music-classroom/shared/playlist-ops';
import { appGraphqlDocuments } from '../scripts/app-graphql-documents.mjs';
import { freePort, startCms } from '../scripts/cms-process.mjs';
import { createFreshDatabase, runSql, startPostgres } from '../scripts/postgres.mjs';
import { startWebServer } from '../server/web-server.mjs';
import { seededRandom } from '../scripts/seeded-random.mjs';
import { monotonicMicros, writePhases } from './cpu-phases.mjs';
import { CLOCK_TICKS, cpuMsOf, statFields } from './process-cpu.mjs';

/**
 * @typedef {import('@music-classroom/shared/playlist-ops').PlaylistOperation} Operation
 * @typedef {import('@music-classroom/shared/playlist-ops').PlaylistState} State
 * @typedef {import('@music-classroom/shared/playlist-ops').PlaylistItem} Item
 * @typedef {{ clientId: string, device: string, baseVersion: number | null, operations: Operation[] }} SyncRequest
 * @typedef {{ status: 'applied', clientId: string, documentId: string | null, version: number, applied: string[], dropped: string[], state: State | null, conflicts: unknown[] }
 *   | { status: 'deleted', clientId: string, applied?: string[], dropped?: string[] }} SyncAnswer
 */

const DEVICES = Number(process.env.DEVICES ?? 300);
const USERS = Math.min(Number(process.env.USERS ?? 60), DEVICES);
const SHARED = Number(process.env.SHARED ?? 3);
const MIN_EDITS = Number(process.env.MIN_EDITS ?? 10);
const MAX_EDITS = Number(process.env.MAX_EDITS ?? 50);
// Share of sync requests that reached the CMS but whose answer was lost: sent again next round.
const LOST_ANSWERS = Number(process.env.LOST_ANSWERS ?? 0.1);
const SEED = Number(process.env.SEED ?? 1);
const PASSWORD = 'load1234';
// Failed rounds (lost answers, timeouts, errors) a device tries again before it counts as failed.
const MAX_ATTEMPTS = 8;
// The app gives up on a request after 20 s (src/lib/cms/request-timeout.ts) and retries on its
// next sync round; an operation whose answer timed out may still have been applied, so its replay
// must be a no-op (idempotency under load).
const REQUEST_TIMEOUT_MS = Number(process.env.REQUEST_TIMEOUT_MS ?? 20_000);
const SQLITE = process.env.LOAD_DATABASE === 'sqlite';
const CPU_PROF_DIR = process.env.CMS_CPU_PROF_DIR;
// The throwaway PostgreSQL's most expensive statements during the reconnect (pg_stat_statements).
const STATEMENTS = Number(process.env.PG_STATEMENTS ?? 0);
/** The app's bound on operations per request (src/lib/sync/replay.ts, OPERATIONS_PER_REQUEST). */
const OPERATIONS_PER_REQUEST = 1000;

// The app's own pull document (src/lib/sync/playlist-api.ts, PLAYLISTS), read from its source,
// so the bench asks exactly what the app asks.
const PLAYLISTS = (() => {
  const found = appGraphqlDocuments().find(
    (document) => document.name === 'PLAYLISTS' && document.file.endsWith('playlist-api.ts'),
  );
  if (!found) throw new Error('The app no longer exports PLAYLISTS from playlist-api.ts');
  return found.text;
})();

/**
 * @typedef {{ id?: string | number | null, item_key?: string | null, __typename?: string, title?: string | null, context_path?: string | null, item?: { documentId: string } | null }} ServerItem
 * @typedef {{ documentId: string, title: string, client_id: string | null, version?: number | null, audience: { documentId: string } | null, playlist_item: ServerItem[] }} ServerPlaylist
 */

const random = seededRandom(SEED);
/** @param {() => number} rand @param {number} min @param {number} max */
const between = (rand, min, max) => min + Math.floor(rand() * (max - min + 1));
/** @template T @param {() => number} rand @param {readonly T[]} list @returns {T} */
const pick = (rand, list) => /** @type {T} */ (list[Math.floor(rand() * list.length)]);

/** @type {{ op: string, ms: number, ok: boolean }[]} */
const samples = [];
/** @type {Map<string, number>} */
const errors = new Map();
/** @param {unknown} error */
function countError(error) {
  const key = error instanceof Error ? error.message.slice(0, 120) : String(error);
  errors.set(key, (errors.get(key) ?? 0) + 1);
}

/**
 * One GraphQL request, timed. @param {string} base @param {string} jwt @param {string} op
 * @param {string} query @param {Record<string, unknown>} variables
 */
async function gql(base, jwt, op, query, variables = {}) {
  const began = performance.now();
  let ok = false;
  try {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = /** @type {{ data?: any, errors?: { message: string }[] }} */ (
      await response.json()
    );
    if (!response.ok || answer.errors?.length || !answer.data) {
      throw new Error(`${op}: ${response.status} ${answer.errors?.[0]?.message ?? ''}`.trim());
    }
    ok = true;
    return answer.data;
  } catch (error) {
    countError(error);
    throw error;
  } finally {
    samples.push({ op, ms: performance.now() - began, ok });
  }
}

// Every request the CMS answered with a 2xx, with its answer, in the order the CMS applied it
// for each playlist. The CMS serializes requests for one client id itself (a PostgreSQL advisory
// lock; SQLite's single writer), but from outside, the order in which it took two requests that
// were in flight at once cannot be known, and the reference merge needs that order. So, as
// tests/cms/playlist-model.cms.test.ts does, the bench sends one client id's requests one at a
// time: a request waits until the previous one for the same playlist has been answered (requests
// for different playlists, and all devices, still run at once). A device that gives up after
// REQUEST_TIMEOUT_MS does not abort the request: it waits on in the queue, and its late answer is
// logged, since the CMS applied it. Two requests for one playlist at once are proven separately
// (tests/cms/playlist-sync.cms.test.ts). The wait in the queue is reported (queueWaitMs) and not
// counted in the requests' latency.
/** @type {{ request: SyncRequest, answer: SyncAnswer, user: number }[]} */
const log = [];
/** @type {Map<string, Promise<unknown>>} */
const queues = new Map();
/** @type {number[]} */
const queueWaits = [];
// Requests whose outcome is unknown (no answer at all after the safety limit below).
let unknownOutcomes = 0;

class DeviceError extends Error {}

/**
 * One POST /api/playlist-sync, as the device sees it: the answer, or an error after the app's
 * timeout. @param {string} base @param {string} jwt @param {number} user @param {SyncRequest} request
 * @param {string} op
 * @returns {Promise<SyncAnswer>}
 */
async function postSync(base, jwt, user, request, op = 'playlist-sync') {
  const queued = performance.now();
  /** @type {() => void} */
  let markSent = () => {};
  const sent = new Promise(
    (/** @type {(value?: unknown) => void} */ resolve) => (markSent = resolve),
  );
  const previous = queues.get(request.clientId) ?? Promise.resolve();
  const delivery = previous.then(async () => {
    markSent();
    const response = await fetch(`${base}/api/playlist-sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify(request),
      // Only a safety net: an answer the device no longer waits for is still awaited and logged.
      signal: AbortSignal.timeout(Math.max(10 * REQUEST_TIMEOUT_MS, 300_000)),
    }).catch((/** @type {unknown} */ error) => {
      if (error instanceof Error && error.name === 'TimeoutError') unknownOutcomes += 1;
      throw error;
    });
    const text = await response.text();
    if (!response.ok) throw new DeviceError(`${op}: ${response.status} ${text.slice(0, 80)}`);
    const answer = /** @type {SyncAnswer} */ (JSON.parse(text));
    log.push({ request, answer, user });
    return answer;
  });
  queues.set(
    request.clientId,
    delivery.catch(() => undefined),
  );
  await sent;
  const began = performance.now();
  queueWaits.push(began - queued);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let ok = false;
  try {
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new DeviceError(`${op}: no answer within ${REQUEST_TIMEOUT_MS} ms`)),
        REQUEST_TIMEOUT_MS,
      );
    });
    const answer = /** @type {SyncAnswer} */ (await Promise.race([delivery, timeout]));
    ok = true;
    return answer;
  } catch (error) {
    countError(error);
    throw error;
  } finally {
    clearTimeout(timer);
    samples.push({ op, ms: performance.now() - began, ok });
  }
}

/** Retries like the app's next sync round would, after a short back-off. @template T @param {() => Promise<T>} run */
async function withRetries(run) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((done) => setTimeout(done, backOffMs(attempt, random)));
    }
  }
}
/** @param {number} attempt @param {() => number} rand */
const backOffMs = (attempt, rand) => Math.min(500 * 2 ** attempt, 16_000) * (0.5 + rand());

/** Clock ticks per second of /proc's CPU times (100 on Linux unless configured otherwise). */
/**
 * CPU time (ms) the throwaway PostgreSQL has used so far: its postmaster with the backends it has
 * reaped, and the live backends (its children). null where it cannot be read.
 * @param {string | null} dataDir the server's data folder (postmaster.pid names the postmaster)
 */
function databaseCpuMs(dataDir) {
  if (!dataDir) return null;
  try {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const own = statFields(postmaster);
    // utime, stime, and the reaped children's cutime, cstime (fields 14 to 17).
    let ticks = own.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const fields = statFields(pid);
        if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // gone meanwhile
      }
    }
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** CPU time (ms) this process has used so far: the devices, the checks and the web server's proxy. */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** @param {number | null} before @param {number | null} after @param {number} requests */
const cpuPerRequest = (before, after, requests) =>
  before === null || after === null || requests === 0
    ? null
    : Math.round(((after - before) / requests) * 10) / 10;

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
/**
 * Requests and answer bytes per device since the counters were last reset, and the pulls per
 * sync round (at most one). @param {Device[]} devices
 */
function perDevice(devices) {
  const mean = (/** @type {number[]} */ values) =>
    Math.round(values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length));
  const spread = (/** @type {number[]} */ values) => ({ mean: mean(values), ...summary(values) });
  return {
    requests: spread(devices.map((d) => d.requests)),
    bytes: spread(devices.map((d) => d.bytes)),
    pullBytes: spread(devices.map((d) => d.pullBytes)),
    pullsPerRound: { max: Math.max(...devices.map((d) => d.pulls / Math.max(1, d.rounds))) },
  };
}

/** @param {number[]} values */
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (/** @type {number} */ n) => Math.round(n);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/**
 * A device's copy of a playlist: the state it shows (the CMS's as it last saw it, plus its
 * pending operations) and the version it last saw (null: never synced).
 * @typedef {{ state: State, version: number | null }} LocalPlaylist
 * @typedef {{ id: number, name: string, jwt: string, user: number, rand: () => number,
 *   playlists: Map<string, LocalPlaylist>, outbox: Map<string, Operation[]>, made: { clientId: string, op: Operation }[],
 *   ownPlaylists: number, lostAnswers: number, rounds: number, cursor: string | null, requests: number, bytes: number,
 *   pullBytes: number, pulls: number }} Device
 */

/** The app's item from a pulled one (src/lib/sync/playlist-mapping.ts). @param {ServerItem} item @returns {Item | null} */
function serverItem(item) {
  if (!item.item?.documentId || !item.__typename) return null;
  return {
    key: item.item_key || `cms-${String(item.id ?? '')}`,
    kind: item.__typename,
    itemId: item.item.documentId,
    title: item.title ?? '',
    contextPath: item.context_path ?? '',
  };
}
/** @param {ServerPlaylist} playlist @returns {State} */
const serverState = (playlist) => ({
  title: playlist.title,
  audienceId: playlist.audience?.documentId ?? null,
  items: playlist.playlist_item
    .map(serverItem)
    .filter((/** @type {Item | null} */ item) => item !== null),
});

/**
 * The app's pull (src/lib/sync/pull-changes.ts): what changed since the device's cursor, timed,
 * its bytes counted for the device; the device takes the answer and keeps the new cursor.
 * @param {string} base @param {Device} device @param {string[]} include
 */
async function pullChanges(base, device, include = []) {
  const began = performance.now();
  let ok = false;
  try {
    const response = await fetch(`${base}/api/playlist-sync/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${device.jwt}` },
      body: JSON.stringify({
        since: device.cursor,
        ...(include.length > 0 ? { include } : {}),
        activityCards: 'shared',
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`changes: ${response.status} ${text.slice(0, 100)}`);
    device.requests += 1;
    device.pulls += 1;
    device.bytes += Buffer.byteLength(text);
    device.pullBytes += Buffer.byteLength(text);
    const answer =
      /** @type {{ full: boolean, playlists: ServerPlaylist[], deleted: string[], cursor: string }} */ (
        JSON.parse(text)
      );
    for (const playlist of answer.playlists) {
      const clientId = playlist.client_id ?? `cms-${playlist.documentId}`;
      if (!device.outbox.has(clientId))
        device.playlists.set(clientId, {
          state: serverState(playlist),
          version: playlist.version ?? 0,
        });
    }
    for (const clientId of answer.deleted)
      if (!device.outbox.has(clientId)) device.playlists.delete(clientId);
    device.cursor = answer.cursor;
    ok = true;
  } catch (error) {
    countError(error);
    throw error;
  } finally {
    samples.push({ op: 'changes', ms: performance.now() - began, ok });
  }
}

/**
 * One sync round of one device (src/lib/sync/replay.ts, syncPlaylists): each touched playlist's
 * pending operations in one request, in the order of each playlist's first edit, then one pull
 * of the changes since its cursor. A lost answer, a timeout or an error ends the round (the
 * app's StopReplay); what the CMS answered leaves the outbox. Items this device has never seen
 * are asked for by name in that pull.
 * @param {string} base @param {Device} device
 */
async function syncRound(base, device) {
  device.rounds += 1;
  const known = new Set();
  for (const local of device.playlists.values())
    for (const item of local.state.items) known.add(item.key);
  /** @type {string[]} */
  const lacking = [];
  for (const [clientId, pending] of [...device.outbox]) {
    const local = /** @type {LocalPlaylist} */ (device.playlists.get(clientId));
    const operations = pending.slice(0, OPERATIONS_PER_REQUEST);
    // Decided before sending, from the device's own random numbers, so a seed repeats a run.
    const loseAnswer = device.rand() < LOST_ANSWERS;
    const answer = await postSync(base, device.jwt, device.user, {
      clientId,
      device: device.name,
      baseVersion: local.version,
      operations,
    });
    device.requests += 1;
    if (loseAnswer) {
      device.lostAnswers += 1;
      throw new DeviceError('answer lost');
    }
    device.bytes += Buffer.byteLength(JSON.stringify(answer));
    if (answer.status !== 'applied' || !answer.state)
      throw new DeviceError(`playlist-sync: unexpected ${answer.status} answer`);
    const done = new Set([...answer.applied, ...answer.dropped]);
    const remaining = pending.filter((op) => !done.has(op.id));
    if (remaining.length > 0) device.outbox.set(clientId, remaining);
    else device.outbox.delete(clientId);
    // Local-first: the CMS's playlist with what is still waiting applied on top.
    device.playlists.set(clientId, {
      state: applyOperations(answer.state, remaining).state ?? answer.state,
      version: answer.version,
    });
    if (answer.state.items.some((item) => !known.has(item.key))) lacking.push(clientId);
  }
  await pullChanges(base, device, lacking);
}

/** One device reconnecting: sync rounds until its outbox is empty (at least one: its pull). @param {string} base @param {Device} device */
async function replay(base, device) {
  for (let failed = 0, synced = false; !synced;) {
    try {
      await syncRound(base, device);
      synced = device.outbox.size === 0;
    } catch (error) {
      failed += 1;
      if (failed >= MAX_ATTEMPTS) throw error;
      await new Promise((done) => setTimeout(done, backOffMs(failed, device.rand)));
    }
  }
}

/**
 * A device's offline edits, each recorded as operations with new ids and applied to what it
 * shows (src/lib/sync/local-writes.ts): new playlists, items added at the end, removed, moved
 * after another item (or first), renames. Most edits go to the teacher's shared playlists.
 * @param {Device} device @param {number} edits @param {string[]} shared @param {Omit<Item, 'key'>[]} choices
 * @param {(string | null)[]} audiences (null: no audience) @param {string} run
 */
function makeEdits(device, edits, shared, choices, audiences, run) {
  const rand = device.rand;
  const newItem = () => {
    const choice = pick(rand, choices);
    return { ...choice, key: randomUUID() };
  };
  /** @param {string} clientId @param {Operation} op */
  const record = (clientId, op) => {
    const local = device.playlists.get(clientId);
    const next = applyOperation(local?.state ?? null, op).state;
    if (!next) throw new Error(`edit ${op.type} left no playlist`);
    device.playlists.set(clientId, { state: next, version: local?.version ?? null });
    device.outbox.set(clientId, [...(device.outbox.get(clientId) ?? []), op]);
    device.made.push({ clientId, op });
  };
  for (let edit = 0; edit < edits; edit += 1) {
    const own = [...device.playlists.keys()].filter((id) => !shared.includes(id));
    const roll = rand();
    if (roll < 0.1 || (own.length === 0 && shared.length === 0)) {
      device.ownPlaylists += 1;
      const clientId = `${run}-d${device.id}-p${device.ownPlaylists}`;
      const items = Array.from({ length: between(rand, 0, 2) }, newItem);
      record(clientId, {
        id: randomUUID(),
        type: 'create',
        title: `Device ${device.id} list ${device.ownPlaylists}`,
        audienceId: pick(rand, audiences) ?? null,
        items,
      });
      continue;
    }
    const clientId =
      own.length === 0 || (shared.length > 0 && rand() < 0.7)
        ? pick(rand, shared)
        : pick(rand, own);
    const { items } = /** @type {LocalPlaylist} */ (device.playlists.get(clientId)).state;
    const kind = rand();
    if (kind < 0.2) {
      record(clientId, {
        id: randomUUID(),
        type: 'rename',
        title: `List ${edit} of device ${device.id}`,
      });
    } else if (kind < 0.4 && items.length > 0) {
      record(clientId, { id: randomUUID(), type: 'removeItem', key: pick(rand, items).key });
    } else if (kind < 0.6 && items.length > 1) {
      const moving = pick(rand, items);
      const rest = items.filter((item) => item.key !== moving.key);
      const at = between(rand, -1, rest.length - 1);
      record(clientId, {
        id: randomUUID(),
        type: 'moveItem',
        key: moving.key,
        after: at === -1 ? null : /** @type {Item} */ (rest[at]).key,
      });
    } else {
      // "Add to playlist": after the last item this device shows.
      record(clientId, {
        id: randomUUID(),
        type: 'addItem',
        item: newItem(),
        after: items.at(-1)?.key ?? null,
      });
    }
  }
}

/** @param {State | null | undefined} state */
const comparable = (state) =>
  state
    ? JSON.stringify({
        title: state.title,
        audienceId: state.audienceId,
        items: state.items.map((i) => [i.key, i.kind, i.itemId, i.title, i.contextPath]),
      })
    : 'null';

/**
 * The reference merge of the log: per playlist, each request's operations applied in the order
 * the CMS took the requests, each operation id once (a replay after a lost answer is a no-op),
 * with applyOperations. Checks each answer against it on the way: the state after the request,
 * the version (one more for a request that changed something), the operations dropped.
 */
function referenceMerge() {
  /** @type {Map<string, { state: State | null, version: number, seen: Set<string>, user: number }>} */
  const playlists = new Map();
  const dropped = new Set();
  const differing = [];
  for (const { request, answer, user } of log) {
    const entry = playlists.get(request.clientId) ?? {
      state: null,
      version: 0,
      seen: new Set(),
      user,
    };
    const fresh = request.operations.filter((op) => !entry.seen.has(op.id));
    for (const op of fresh) entry.seen.add(op.id);
    const { state, effects } = applyOperations(entry.state, fresh);
    const droppedNow = fresh.filter((_, index) => effects[index] === 'dropped').map((op) => op.id);
    for (const id of droppedNow) dropped.add(id);
    if (effects.includes('applied')) entry.version += 1;
    entry.state = state;
    playlists.set(request.clientId, entry);
    const answerDropped = answer.dropped ?? [];
    const same =
      answer.status === 'applied' &&
      comparable(answer.state) === comparable(state) &&
      answer.version === entry.version &&
      answerDropped.length === droppedNow.length &&
      droppedNow.every((id) => answerDropped.includes(id)) &&
      request.operations.every(
        (op) => answer.applied.includes(op.id) || answerDropped.includes(op.id),
      );
    if (!same)
      differing.push({
        clientId: request.clientId,
        device: request.device,
        baseVersion: request.baseVersion,
        expectedVersion: entry.version,
        answerVersion: answer.status === 'applied' ? answer.version : answer.status,
      });
  }
  return { playlists, dropped, differing };
}

async function main() {
  const began = Date.now();
  const external = process.env.DATABASE_URL;
  const pg =
    SQLITE || external
      ? null
      : await startPostgres(
          STATEMENTS > 0
            ? {
                settings: {
                  shared_preload_libraries: 'pg_stat_statements',
                  'pg_stat_statements.track_planning': 'on',
                },
              }
            : {},
        );
  const database = SQLITE
    ? null
    : await createFreshDatabase(external ?? /** @type {{ url: string }} */ (pg).url);
  const dataDir = scratchDir('music-classroom-load-');
  /** @type {Awaited<ReturnType<typeof startCms>>[]} */
  const instances = [];
  /** @type {Awaited<ReturnType<typeof startWebServer>> | null} */
  let web = null;
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    await web?.stop();
    for (const cms of [...instances].reverse()) await cms.stop();
    await database?.drop().catch(() => {});
    await pg?.stop();
    if (!process.env.KEEP_LOAD_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  }
  try {
    // One after the other: the first seeds the empty database, the second finds it seeded.
    for (const name of SQLITE ? ['a'] : ['a', 'b']) {
      /** @type {Record<string, string>} */
      const env = SQLITE
        ? { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: join(dataDir, 'data.db') }
        : {};
      instances.push(
        await startCms({
          port: await freePort(),
          dataDir,
          databaseUrl: database?.url,
          env,
          log: join(dataDir, `${name}.log`),
          ...(CPU_PROF_DIR ? { cpuProfDir: CPU_PROF_DIR } : {}),
        }),
      );
    }
    const dist = join(dataDir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>load</title>');
    web = await startWebServer({
      distDir: dist,
      cmsUrl: instances.map((cms) => cms.url).join(','),
      mediaOrigin: '',
    });
    const base = web.url;
    const bootMs = Date.now() - began;

    // The catalogue the edits add from: seeded activities and audio files.
    const login = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'subscriber@demo.school', password: 'music1234' }),
    });
    const { jwt: demoJwt } = /** @type {{ jwt: string }} */ (await login.json());
    const catalogue = await gql(
      base,
      demoJwt,
      'setup',
      `{ activityPages(pagination: { limit: 50 }) { documentId title }
      audioPages(pagination: { limit: 20 }) { audio_excerpts { audio_file { documentId caption name } } }
      audiences { documentId } }`,
    );
    /** @type {Omit<Item, 'key'>[]} */
    const choices = [
      ...catalogue.activityPages.map((/** @type {{ documentId: string, title: string }} */ a) => ({
        kind: 'ComponentPlaylistsActivity',
        title: a.title,
        itemId: a.documentId,
        contextPath: `/primary/activities/-/${a.documentId}`,
      })),
      // The media library is not listed to teachers: audio comes from the audio pages.
      ...catalogue.audioPages
        .flatMap(
          (
            /** @type {{ audio_excerpts: { audio_file: { documentId: string, caption: string | null, name: string } | null }[] }} */ page,
          ) => page.audio_excerpts,
        )
        .map(
          (
            /** @type {{ audio_file: { documentId: string, caption: string | null, name: string } | null }} */ excerpt,
          ) => excerpt.audio_file,
        )
        .filter((/** @type {unknown} */ f) => f !== null)
        .slice(0, 20)
        .map((/** @type {{ documentId: string, caption: string | null, name: string }} */ f) => ({
          kind: 'ComponentPlaylistsAudioItem',
          title: f.caption ?? f.name,
          itemId: f.documentId,
          contextPath: '/audiolibrary',
        })),
    ];
    /** @type {(string | null)[]} */
    const audiences = [
      null,
      ...catalogue.audiences.map((/** @type {{ documentId: string }} */ a) => a.documentId),
    ];

    // Teachers, registered through the app's sign-up (4 at a time: bcrypt is CPU-bound).
    const setupBegan = Date.now();
    const run = `${Date.now().toString(36)}`;
    /** @type {string[]} */
    const jwts = new Array(USERS);
    let nextUser = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (nextUser < USERS) {
          const user = nextUser++;
          const email = `teacher${user}.${run}@load.school`;
          const response = await fetch(`${base}/api/auth/local/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email,
              username: email,
              password: PASSWORD,
              user_profile_data: { first_name: 'Load', last_name: `Teacher ${user}` },
            }),
          });
          if (!response.ok)
            throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
          jwts[user] = /** @type {{ jwt: string }} */ (await response.json()).jwt;
        }
      }),
    );

    // Each teacher's shared playlists, made through the endpoint (a device of theirs that synced
    // before the school went offline), 8 requests at a time. Every device of the teacher starts
    // with the CMS's answer as its copy.
    /** @type {Map<string, { user: number, state: State, version: number }>} */
    const sharedCopies = new Map();
    /** @type {{ user: number, clientId: string }[]} */
    const toShare = [];
    for (let user = 0; user < USERS; user += 1) {
      for (let s = 0; s < SHARED; s += 1)
        toShare.push({ user, clientId: `${run}-t${user}-shared${s}` });
    }
    let nextShared = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (nextShared < toShare.length) {
          const { user, clientId } = /** @type {{ user: number, clientId: string }} */ (
            toShare[nextShared++]
          );
          const items = Array.from({ length: between(random, 2, 5) }, () => ({
            ...pick(random, choices),
            key: randomUUID(),
          }));
          /** @type {SyncRequest} */
          const request = {
            clientId,
            device: `${run}-t${user}-setup`,
            baseVersion: null,
            operations: [
              {
                id: randomUUID(),
                type: 'create',
                title: `Teacher ${user} shared ${clientId.slice(-1)}`,
                audienceId: pick(random, audiences) ?? null,
                items,
              },
            ],
          };
          const answer = await withRetries(() =>
            postSync(base, /** @type {string} */ (jwts[user]), user, request, 'setup'),
          );
          if (answer.status !== 'applied' || !answer.state)
            throw new Error(`setup ${clientId}: ${answer.status}`);
          sharedCopies.set(clientId, { user, state: answer.state, version: answer.version });
        }
      }),
    );

    // Devices and their offline outboxes.
    /** @type {Device[]} */
    const devices = [];
    for (let id = 0; id < DEVICES; id += 1) {
      const user = id % USERS;
      /** @type {Device} */
      const device = {
        id,
        name: `${run}-d${id}`,
        jwt: /** @type {string} */ (jwts[user]),
        user,
        rand: seededRandom(SEED * 100_003 + id + 1),
        playlists: new Map(),
        outbox: new Map(),
        made: [],
        ownPlaylists: 0,
        lostAnswers: 0,
        rounds: 0,
        cursor: null,
        requests: 0,
        bytes: 0,
        pullBytes: 0,
        pulls: 0,
      };
      const shared = [...sharedCopies]
        .filter(([, copy]) => copy.user === user)
        .map(([clientId]) => clientId);
      for (const clientId of shared) {
        const copy = /** @type {{ state: State, version: number }} */ (sharedCopies.get(clientId));
        device.playlists.set(clientId, { state: copy.state, version: copy.version });
      }
      devices.push(device);
    }
    // Before the school went offline, every device pulled its teacher's library (its cursor).
    let nextDevice = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (nextDevice < devices.length)
          await withRetries(() => pullChanges(base, /** @type {Device} */ (devices[nextDevice++])));
      }),
    );
    for (const device of devices) {
      const shared = [...sharedCopies]
        .filter(([, copy]) => copy.user === device.user)
        .map(([clientId]) => clientId);
      makeEdits(
        device,
        between(device.rand, MIN_EDITS, MAX_EDITS),
        shared,
        choices,
        audiences,
        run,
      );
      Object.assign(device, { requests: 0, bytes: 0, pullBytes: 0, pulls: 0 });
    }
    const setupMs = Date.now() - setupBegan;
    samples.length = 0;
    errors.clear();
    queueWaits.length = 0;

    // Everyone reconnects at once.
    const cmsPids = instances.map((cms) => cms.pid);
    // The machine's load just before (the bench shares its cores with whatever else runs).
    const loadAverageAtStart = loadavg().map((value) => Math.round(value * 100) / 100);
    const pgDataDir = pg ? join(pg.dir, 'data') : null;
    const cpuBefore = cpuMsOf(cmsPids);
    const databaseCpuBefore = databaseCpuMs(pgDataDir);
    const statements = pg && database && STATEMENTS > 0 ? database.url : null;
    if (statements) {
      await runSql(statements, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await runSql(statements, 'SELECT pg_stat_statements_reset()');
    }
    const ownCpuBefore = ownCpuMs();
    // Phase boundaries on the monotonic clock V8's profiles stamp their samples with (µs).
    const reconnectAt = monotonicMicros();
    const reconnectBegan = performance.now();
    const outcomes = await Promise.allSettled(devices.map((device) => replay(base, device)));
    const reconnectMs = performance.now() - reconnectBegan;
    const failedDevices = outcomes.filter((outcome) => outcome.status === 'rejected').length;
    // Answers a device gave up on may still be on their way: the log is complete once every queue is.
    await Promise.all([...queues.values()]);
    const cpuAfterReconnect = cpuMsOf(cmsPids);
    const databaseCpuAfter = databaseCpuMs(pgDataDir);
    // Each statement's time in PostgreSQL (planning and execution), heaviest first.
    const databaseStatements = statements
      ? (
          await runSql(
            statements,
            `SELECT calls, total_plan_time + total_exec_time AS ms, rows, query FROM pg_stat_statements
             WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
             ORDER BY ms DESC`,
          )
        ).rows.map((/** @type {Record<string, unknown>} */ row) => ({
          calls: Number(row.calls),
          ms: Math.round(Number(row.ms)),
          rows: Number(row.rows),
          query: String(row.query).replace(/\s+/g, ' ').slice(0, 240),
        }))
      : null;
    const ownCpuAfter = ownCpuMs();
    const catchUpAt = monotonicMicros();
    const replaySamples = samples.filter((s) => s.op === 'changes' || s.op === 'playlist-sync');
    /** A sum over the statements, per reconnect request, rounded to 1/`scale`. @param {'calls' | 'ms'} key @param {number} scale */
    const statementsPerRequest = (key, scale) =>
      Math.round(
        ((databaseStatements ?? []).reduce((sum, statement) => sum + statement[key], 0) /
          Math.max(1, replaySamples.length)) *
          scale,
      ) / scale;
    const perDeviceReconnect = perDevice(devices);

    // Each device syncs once more (its teacher's other devices changed the shared playlists after
    // its pull), then reconnects again with nothing changed anywhere: the quiet reconnect.
    const catchUpBegan = samples.length;
    await Promise.all(devices.map((device) => withRetries(() => pullChanges(base, device))));
    const cpuAfterCatchUp = cpuMsOf(cmsPids);
    const quietAt = monotonicMicros();
    for (const device of devices) Object.assign(device, { requests: 0, bytes: 0, pullBytes: 0 });
    const quietBegan = samples.length;
    await Promise.all(devices.map((device) => withRetries(() => pullChanges(base, device))));
    const cpuAfterQuiet = cpuMsOf(cmsPids);
    const endAt = monotonicMicros();

    const catchUpPulls = quietBegan - catchUpBegan;
    const quietPulls = samples.length - quietBegan;
    const perDeviceQuiet = perDevice(devices);
    const quietLatency = summary(samples.slice(quietBegan).map((sample) => sample.ms));

    // Consistency. The reference merge of everything the CMS answered (setup included), then
    // each teacher's playlists read back through the proxy (so from both instances).
    const reference = referenceMerge();
    const made = devices.flatMap((device) => device.made);
    // Acknowledged: in an answer's applied or dropped list for the playlist it was sent for.
    /** @type {Map<string, Set<string>>} */
    const acknowledged = new Map();
    /** @type {Map<string, number>} op id → requests that carried it (more than 1: replayed) */
    const sentTimes = new Map();
    for (const { request, answer } of log) {
      const ids = acknowledged.get(request.clientId) ?? new Set();
      for (const id of [...(answer.applied ?? []), ...(answer.dropped ?? [])]) ids.add(id);
      acknowledged.set(request.clientId, ids);
      for (const op of request.operations) sentTimes.set(op.id, (sentTimes.get(op.id) ?? 0) + 1);
    }
    const unacknowledged = made.filter(
      ({ clientId, op }) => !acknowledged.get(clientId)?.has(op.id),
    ).length;
    const replayed = made.filter(({ op }) => (sentTimes.get(op.id) ?? 0) > 1).length;
    // Every item key added (by the setup's creates and the devices' operations), where, and by whom.
    /** @type {Map<string, string>} item key → client id it was added to */
    const added = new Map();
    const removed = new Set();
    for (const { request } of log) {
      for (const op of request.operations)
        if (op.type === 'create')
          for (const item of op.items ?? []) added.set(item.key, request.clientId);
    }
    for (const { clientId, op } of made) {
      if (op.type === 'addItem') added.set(op.item.key, clientId);
      if (op.type === 'create') for (const item of op.items ?? []) added.set(item.key, clientId);
      if (op.type === 'removeItem') removed.add(op.key);
    }
    let playlistsDiffering = 0;
    let missingPlaylists = 0;
    let unexpectedPlaylists = 0;
    let itemsOnCms = 0;
    /** @type {Map<string, string[]>} item key → client ids of the CMS playlists holding it */
    const found = new Map();
    /** @type {{ clientId: string, cms: string, reference: string }[]} */
    const differingExamples = [];
    for (let user = 0; user < USERS; user += 1) {
      const { playlists } = /** @type {{ playlists: ServerPlaylist[] }} */ (
        await gql(base, /** @type {string} */ (jwts[user]), 'check', PLAYLISTS)
      );
      const onCms = new Map(playlists.map((p) => [p.client_id ?? `cms-${p.documentId}`, p]));
      for (const [clientId, entry] of reference.playlists) {
        if (entry.user !== user || !entry.state) continue;
        const server = onCms.get(clientId);
        if (!server) {
          missingPlaylists += 1;
          continue;
        }
        const state = serverState(server);
        if (comparable(state) !== comparable(entry.state) || server.version !== entry.version) {
          playlistsDiffering += 1;
          if (differingExamples.length < 3)
            differingExamples.push({
              clientId,
              cms: comparable(state),
              reference: comparable(entry.state),
            });
        }
      }
      for (const [clientId, server] of onCms) {
        if (!reference.playlists.get(clientId)?.state) unexpectedPlaylists += 1;
        for (const item of serverState(server).items) {
          itemsOnCms += 1;
          found.set(item.key, [...(found.get(item.key) ?? []), clientId]);
        }
      }
    }
    const duplicatedItems = [...found.values()].filter((where) => where.length > 1).length;
    const unexpectedItems = [...found].filter(([key, where]) => added.get(key) !== where[0]).length;
    const missingItems = [...added].filter(
      ([key, clientId]) => !removed.has(key) && !found.get(key)?.includes(clientId),
    ).length;

    const totalOperations = made.length;
    /** @type {Record<string, number>} */
    const operationTypes = {};
    for (const { op } of made) operationTypes[op.type] = (operationTypes[op.type] ?? 0) + 1;
    /** @type {Record<string, ReturnType<typeof summary>>} */
    const byOperation = {};
    for (const op of ['changes', 'playlist-sync']) {
      byOperation[op] = summary(replaySamples.filter((s) => s.op === op).map((s) => s.ms));
    }
    const syncRequests = replaySamples.filter((s) => s.op === 'playlist-sync').length;
    const reconnectPulls = replaySamples.length - syncRequests;
    // The reconnect mixes pushes and pulls; the catch-up right after it is pulls of changes only,
    // so its cost per pull stands in for the reconnect's pulls, and the rest is the pushes'.
    const pullCpuMs = cpuPerRequest(cpuAfterReconnect, cpuAfterCatchUp, catchUpPulls);
    const reconnectCpuMs =
      cpuBefore === null || cpuAfterReconnect === null ? null : cpuAfterReconnect - cpuBefore;
    const cmsCpu = {
      processes: cmsPids.length,
      reconnectMs: reconnectCpuMs === null ? null : Math.round(reconnectCpuMs),
      // The reconnect's CPU over all its requests, pushes and pulls together.
      msPerRequest: cpuPerRequest(cpuBefore, cpuAfterReconnect, replaySamples.length),
      pullMsPerRequest: pullCpuMs,
      pushMsPerRequestEstimate:
        reconnectCpuMs === null || pullCpuMs === null || syncRequests === 0
          ? null
          : Math.round(((reconnectCpuMs - pullCpuMs * reconnectPulls) / syncRequests) * 10) / 10,
      quietPullMsPerRequest: cpuPerRequest(cpuAfterCatchUp, cpuAfterQuiet, quietPulls),
      // The rest of the reconnect's CPU, per request: the throwaway PostgreSQL's (null on SQLite
      // or DATABASE_URL's server), and this process's (the devices, the web server's proxy).
      databaseMsPerRequest: cpuPerRequest(
        databaseCpuBefore,
        databaseCpuAfter,
        replaySamples.length,
      ),
      benchProcessMsPerRequest: cpuPerRequest(ownCpuBefore, ownCpuAfter, replaySamples.length),
      // Share of the machine's cores the CMS processes kept busy during the reconnect.
      reconnectCoresBusy:
        reconnectCpuMs === null ? null : Math.round((reconnectCpuMs / reconnectMs) * 100) / 100,
      loadAverage: loadAverageAtStart,
    };
    if (CPU_PROF_DIR) {
      const phases = {
        reconnect: { from: reconnectAt, to: catchUpAt, requests: replaySamples.length },
        catchUp: { from: catchUpAt, to: quietAt, requests: catchUpPulls },
        quiet: { from: quietAt, to: endAt, requests: quietPulls },
      };
      writePhases(CPU_PROF_DIR, phases);
    }
    const failedRequests = replaySamples.filter((s) => !s.ok).length;
    const consistency = {
      teachers: USERS,
      playlists: [...reference.playlists.values()].filter((entry) => entry.state).length,
      sharedPlaylists: sharedCopies.size,
      operations: totalOperations,
      operationsDropped: made.filter(({ op }) => reference.dropped.has(op.id)).length,
      unacknowledgedOperations: unacknowledged,
      operationsReplayed: replayed,
      answersDiffering: reference.differing.length,
      playlistsDiffering,
      missingPlaylists,
      unexpectedPlaylists,
      itemsOnCms,
      itemsAdded: added.size,
      itemsRemoved: removed.size,
      missingItems,
      duplicatedItems,
      unexpectedItems,
      unknownOutcomes,
      ok: false,
    };
    consistency.ok =
      failedDevices === 0 &&
      unknownOutcomes === 0 &&
      unacknowledged === 0 &&
      reference.differing.length === 0 &&
      playlistsDiffering === 0 &&
      missingPlaylists === 0 &&
      unexpectedPlaylists === 0 &&
      missingItems === 0 &&
      duplicatedItems === 0 &&
      unexpectedItems === 0;
    const result = {
      setup: {
        devices: DEVICES,
        users: USERS,
        sharedPlaylistsPerTeacher: SHARED,
        editsPerDevice: [MIN_EDITS, MAX_EDITS],
        totalEdits: totalOperations,
        operationTypes,
        cmsInstances: instances.length,
        database: SQLITE ? 'sqlite' : 'postgresql',
        seed: SEED,
        lostAnswerShare: LOST_ANSWERS,
        bootMs,
        setupMs,
      },
      reconnect: {
        wallMs: Math.round(reconnectMs),
        requests: replaySamples.length,
        syncRequests,
        rounds: devices.reduce((sum, d) => sum + d.rounds, 0),
        lostAnswers: devices.reduce((sum, d) => sum + d.lostAnswers, 0),
        requestsPerSecond: Math.round((replaySamples.length / reconnectMs) * 10_000) / 10,
        editsPerSecond: Math.round((totalOperations / reconnectMs) * 10_000) / 10,
        latencyMs: summary(replaySamples.map((s) => s.ms)),
        byOperation,
        queueWaitMs: summary(queueWaits),
        failedRequests,
        failedDevices,
        errors: Object.fromEntries(errors),
        perDevice: perDeviceReconnect,
        cmsCpuMsPerRequest: cmsCpu.msPerRequest,
      },
      cmsCpu,
      ...(databaseStatements
        ? {
            databaseStatements: {
              perRequest: statementsPerRequest('calls', 10),
              msPerRequest: statementsPerRequest('ms', 100),
              heaviest: databaseStatements.slice(0, STATEMENTS),
            },
          }
        : {}),
      quietReconnect: { perDevice: perDeviceQuiet, latencyMs: quietLatency },
      targets: {
        quietReconnect: 'one request under 1 KB per device',
        quietReconnectMet: perDeviceQuiet.requests.max === 1 && perDeviceQuiet.bytes.max < 1024,
        reconnectRequests: 'pushes (playlists touched) plus at most one pull per round',
        reconnectRequestsMet: perDeviceReconnect.pullsPerRound.max <= 1,
        // To compare against (README, "Measured"): 300 devices, two instances on PostgreSQL, whole-
        // library pulls: p50 6.2 s, p95 11.3 s, p99 11.9 s for the requests, 40.9 requests/s.
        before: { p50Ms: 6200, p95Ms: 11_300, p99Ms: 11_900, requestsPerSecond: 40.9 },
      },
      consistency,
      ...(consistency.ok
        ? {}
        : {
            evidence: {
              answersDiffering: reference.differing.slice(0, 5),
              playlistsDiffering: differingExamples,
            },
          }),
      totalMs: Date.now() - began,
    };
    console.log(JSON.stringify(result, null, 2));
    if (process.env.RESULT_FILE)
      writeFileSync(process.env.RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
    process.exitCode = result.consistency.ok ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
