// `node bench/load-school.mjs`: a school of 300 devices coming back online at once (issue 11).
// Two CMS instances share one PostgreSQL database (a throwaway server from scripts/postgres.mjs,
// or a fresh database on DATABASE_URL's server) behind the web server's round-robin proxy. Every
// device replays its offline outbox of 10–50 playlist edits the way the app's sync does
// (src/lib/sync/replay.ts): one Playlists query, then one CreatePlaylist or UpdatePlaylist per
// playlist touched, carrying the playlist's full state; a replayed create carries the client id.
// Prints JSON: throughput, latency percentiles, errors, and a consistency check that every edit
// is on the CMS exactly once.
//
// Accounts: USERS teachers registered through /api/auth/local/register (the app's sign-up), each
// with DEVICES/USERS devices (laptop, classroom board, tablet...), because real schools have
// several devices per teacher, and their edits then meet on the same account's playlists.
// Settings (env): DEVICES=300 USERS=60 MIN_EDITS=10 MAX_EDITS=50 LOST_ANSWERS=0.1 SEED=1
// REQUEST_TIMEOUT_MS=20000 (the app's)
// LOAD_DATABASE=sqlite: one CMS on a throwaway SQLite file instead (SQLite has one writer, so one
// instance); `npm run bench` runs it that way with 30 devices, the issue's "30 devices
// reconnecting at once", next to the other benchmarks. RESULT_FILE=path also writes the JSON there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startCms } from '../scripts/cms-process.mjs';
import { createFreshDatabase, startPostgres } from '../scripts/postgres.mjs';
import { startWebServer } from '../server/web-server.mjs';

const DEVICES = Number(process.env.DEVICES ?? 300);
const USERS = Math.min(Number(process.env.USERS ?? 60), DEVICES);
const MIN_EDITS = Number(process.env.MIN_EDITS ?? 10);
const MAX_EDITS = Number(process.env.MAX_EDITS ?? 50);
// Share of devices whose first create reached the CMS but whose answer was lost: they replay it.
const LOST_ANSWERS = Number(process.env.LOST_ANSWERS ?? 0.1);
const PASSWORD = 'load1234';
const MAX_ATTEMPTS = 6;
// The app gives up on a GraphQL request after 20 s (src/lib/cms/request-timeout.ts) and retries
// on its next sync round; a create that timed out may still have been saved, so its replay must
// find it (idempotency under load).
const REQUEST_TIMEOUT_MS = Number(process.env.REQUEST_TIMEOUT_MS ?? 20_000);
const SQLITE = process.env.LOAD_DATABASE === 'sqlite';

// The app's operations (src/lib/sync/playlist-api.ts), with the same selections.
const ITEM_FIELDS = `playlist_item { __typename
  ... on ComponentPlaylistsActivity { title context_path item { documentId title time type introduction } }
  ... on ComponentPlaylistsAudioItem { title context_path item { documentId url caption name } } }`;
const PLAYLISTS = `query Playlists { playlists(pagination: { limit: 1000 }) {
  documentId title client_id updatedAt audience { documentId title } ${ITEM_FIELDS} } }`;
const CREATE_PLAYLIST = `mutation CreatePlaylist($data: PlaylistInput!) { createPlaylist(data: $data) {
  documentId updatedAt title audience { documentId } playlist_item { __typename
  ... on ComponentPlaylistsActivity { item { documentId } } ... on ComponentPlaylistsAudioItem { item { documentId } } } } }`;
const UPDATE_PLAYLIST = `mutation UpdatePlaylist($playlistId: ID!, $data: PlaylistInput!) {
  updatePlaylist(documentId: $playlistId, data: $data) { documentId updatedAt } }`;

/** A small seeded PRNG (mulberry32), so a run is reproducible. @param {number} seed */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(Number(process.env.SEED ?? 1));
/** @param {number} min @param {number} max */
const between = (min, max) => min + Math.floor(random() * (max - min + 1));

/** @type {{ op: string, ms: number, ok: boolean }[]} */
const samples = [];
/** @type {Map<string, number>} */
const errors = new Map();

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
    const answer = /** @type {{ data?: any, errors?: { message: string }[] }} */ (await response.json());
    if (!response.ok || answer.errors?.length || !answer.data) {
      throw new Error(`${op}: ${response.status} ${answer.errors?.[0]?.message ?? ''}`.trim());
    }
    ok = true;
    return answer.data;
  } catch (error) {
    const key = error instanceof Error ? error.message.slice(0, 120) : String(error);
    errors.set(key, (errors.get(key) ?? 0) + 1);
    throw error;
  } finally {
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
      await new Promise((done) => setTimeout(done, 500 * 2 ** attempt * (0.5 + random())));
    }
  }
}

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
/** @param {number[]} values */
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (/** @type {number} */ n) => Math.round(n);
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) };
}

/**
 * @typedef {{ kind: 'ComponentPlaylistsActivity' | 'ComponentPlaylistsAudioItem', title: string, itemId: string, contextPath: string }} Item
 * @typedef {{ clientId: string, documentId: string | null, title: string, audienceId: string | null, items: Item[] }} Playlist
 * @typedef {{ id: number, jwt: string, user: number, playlists: Playlist[], touched: string[], edits: number, markers: string[], lostAnswer: boolean }} Device
 */

/** The app's PlaylistInput for a playlist's full state (recordToInput). @param {Playlist} p @param {boolean} withClientId */
const toInput = (p, withClientId) => ({
  title: p.title,
  ...(withClientId ? { client_id: p.clientId } : {}),
  audience: p.audienceId,
  playlist_item: p.items.map((item, index) => ({ __typename: item.kind, title: item.title, item: item.itemId, context_path: item.contextPath, playlist_order: index })),
});

/** One device reconnecting: the app's replay of its outbox. @param {string} base @param {Device} device */
async function replay(base, device) {
  await withRetries(() => gql(base, device.jwt, 'Playlists', PLAYLISTS));
  for (const clientId of device.touched) {
    const playlist = /** @type {Playlist} */ (device.playlists.find((p) => p.clientId === clientId));
    if (playlist.documentId) {
      const id = playlist.documentId;
      await withRetries(() => gql(base, device.jwt, 'UpdatePlaylist', UPDATE_PLAYLIST, { playlistId: id, data: toInput(playlist, false) }));
      continue;
    }
    const create = () => gql(base, device.jwt, 'CreatePlaylist', CREATE_PLAYLIST, { data: toInput(playlist, true) });
    if (device.lostAnswer) {
      device.lostAnswer = false; // its first create only
      await create().catch(() => {}); // reached the CMS, answer lost on the way back: replayed below
    }
    const created = await withRetries(create);
    playlist.documentId = created.createPlaylist.documentId;
  }
}

async function main() {
  const began = Date.now();
  const external = process.env.DATABASE_URL;
  const pg = SQLITE || external ? null : await startPostgres();
  const database = SQLITE
    ? null
    : await createFreshDatabase(external ?? /** @type {{ url: string }} */ (pg).url);
  const dataDir = mkdtempSync(join(tmpdir(), 'music-classroom-load-'));
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
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  }
  try {
    // One after the other: the first seeds the empty database, the second finds it seeded.
    for (const name of SQLITE ? ['a'] : ['a', 'b']) {
      /** @type {Record<string, string>} */
      const env = SQLITE ? { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: join(dataDir, 'data.db') } : {};
      instances.push(await startCms({ port: await freePort(), dataDir, databaseUrl: database?.url, env, log: join(dataDir, `${name}.log`) }));
    }
    const dist = join(dataDir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>load</title>');
    web = await startWebServer({ distDir: dist, cmsUrl: instances.map((cms) => cms.url).join(','), mediaOrigin: '' });
    const base = web.url;
    const bootMs = Date.now() - began;

    // The catalogue the edits add from: seeded activities and audio files.
    const login = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'subscriber@demo.school', password: 'music1234' }),
    });
    const { jwt: demoJwt } = /** @type {{ jwt: string }} */ (await login.json());
    const catalogue = await gql(base, demoJwt, 'setup', `{ activityPages(pagination: { limit: 50 }) { documentId title }
      audioPages(pagination: { limit: 20 }) { audio_excerpts { audio_file { documentId caption name } } }
      audiences { documentId } }`);
    /** @type {Item[]} */
    const choices = [
      ...catalogue.activityPages.map((/** @type {{ documentId: string, title: string }} */ a) => ({ kind: 'ComponentPlaylistsActivity', title: a.title, itemId: a.documentId, contextPath: `/primary/activities/-/${a.documentId}` })),
      // The media library is not listed to teachers (issue 17): audio comes from the audio pages.
      ...catalogue.audioPages
        .flatMap((/** @type {{ audio_excerpts: { audio_file: { documentId: string, caption: string | null, name: string } | null }[] }} */ page) => page.audio_excerpts)
        .map((/** @type {{ audio_file: { documentId: string, caption: string | null, name: string } | null }} */ excerpt) => excerpt.audio_file)
        .filter((/** @type {unknown} */ f) => f !== null)
        .slice(0, 20)
        .map((/** @type {{ documentId: string, caption: string | null, name: string }} */ f) => ({ kind: 'ComponentPlaylistsAudioItem', title: f.caption ?? f.name, itemId: f.documentId, contextPath: '/audiolibrary' })),
    ];
    const audiences = catalogue.audiences.map((/** @type {{ documentId: string }} */ a) => a.documentId);

    // Teachers, registered through the app's sign-up (4 at a time: bcrypt is CPU-bound).
    const setupBegan = Date.now();
    const run = `${Date.now().toString(36)}`;
    /** @type {string[]} */
    const jwts = new Array(USERS);
    let nextUser = 0;
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (nextUser < USERS) {
        const user = nextUser++;
        const email = `teacher${user}.${run}@load.school`;
        const response = await fetch(`${base}/api/auth/local/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, username: email, password: PASSWORD, user_profile_data: { first_name: 'Load', last_name: `Teacher ${user}` } }),
        });
        if (!response.ok) throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
        jwts[user] = /** @type {{ jwt: string }} */ (await response.json()).jwt;
      }
    }));

    // Each device: one playlist synced before it went offline, then an outbox of 10–50 edits.
    /** @type {Device[]} */
    const devices = [];
    for (let id = 0; id < DEVICES; id += 1) {
      const user = id % USERS;
      /** @type {Device} */
      const device = { id, jwt: /** @type {string} */ (jwts[user]), user, playlists: [], touched: [], edits: between(MIN_EDITS, MAX_EDITS), markers: [], lostAnswer: random() < LOST_ANSWERS };
      device.playlists.push({ clientId: `d${id}-p0-${run}`, documentId: null, title: `Device ${id} earlier list`, audienceId: audiences[id % audiences.length] ?? null, items: [] });
      devices.push(device);
    }
    let synced = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (synced < devices.length) {
        const device = /** @type {Device} */ (devices[synced++]);
        const first = /** @type {Playlist} */ (device.playlists[0]);
        const created = await withRetries(() => gql(base, device.jwt, 'setup', CREATE_PLAYLIST, { data: toInput(first, true) }));
        first.documentId = created.createPlaylist.documentId;
      }
    }));
    // The offline edits: new playlists, items added (each with a unique marker), renames.
    for (const device of devices) {
      for (let edit = 0; edit < device.edits; edit += 1) {
        const roll = random();
        /** @type {Playlist} */
        let target;
        if (edit === 0 || roll < 0.12) {
          target = { clientId: `d${device.id}-p${device.playlists.length}-${run}`, documentId: null, title: `Device ${device.id} list ${device.playlists.length}`, audienceId: audiences[edit % audiences.length] ?? null, items: [] };
          device.playlists.push(target);
        } else {
          target = /** @type {Playlist} */ (device.playlists[between(0, device.playlists.length - 1)]);
          if (roll < 0.2) target.title = `${target.title.replace(/ \(edit \d+\)$/, '')} (edit ${edit})`;
          else {
            const choice = /** @type {Item} */ (choices[between(0, choices.length - 1)]);
            const marker = `d${device.id}e${edit}`;
            target.items.push({ ...choice, title: `${choice.title} [${marker}]` });
            device.markers.push(marker);
          }
        }
        if (!device.touched.includes(target.clientId)) device.touched.push(target.clientId);
      }
    }
    const setupMs = Date.now() - setupBegan;
    samples.length = 0;
    errors.clear();

    const lostAnswerDevices = devices.filter((d) => d.lostAnswer).length;
    // Everyone reconnects at once.
    const reconnectBegan = performance.now();
    const outcomes = await Promise.allSettled(devices.map((device) => replay(base, device)));
    const reconnectMs = performance.now() - reconnectBegan;
    const failedDevices = outcomes.filter((outcome) => outcome.status === 'rejected').length;

    // Consistency: each teacher's playlists, read back through the proxy (so from both instances).
    let missing = 0;
    let duplicated = 0;
    let wrongState = 0;
    let editsChecked = 0;
    for (let user = 0; user < USERS; user += 1) {
      const { playlists } = await gql(base, /** @type {string} */ (jwts[user]), 'check', PLAYLISTS);
      const text = JSON.stringify(playlists);
      for (const device of devices.filter((d) => d.user === user)) {
        for (const playlist of device.playlists) {
          const copies = playlists.filter((/** @type {{ client_id: string }} */ p) => p.client_id === playlist.clientId);
          if (copies.length === 0) missing += 1;
          if (copies.length > 1) duplicated += 1;
          const server = copies[0];
          const titles = server?.playlist_item.map((/** @type {{ title: string }} */ item) => item.title) ?? [];
          if (server && (server.title !== playlist.title || JSON.stringify(titles) !== JSON.stringify(playlist.items.map((i) => i.title)))) wrongState += 1;
        }
        for (const marker of device.markers) {
          editsChecked += 1;
          const count = text.split(`[${marker}]`).length - 1;
          if (count === 0) missing += 1;
          if (count > 1) duplicated += 1;
        }
      }
    }

    const replaySamples = samples.filter((s) => s.op !== 'check');
    const totalEdits = devices.reduce((sum, d) => sum + d.edits, 0);
    /** @type {Record<string, ReturnType<typeof summary>>} */
    const byOperation = {};
    for (const op of ['Playlists', 'CreatePlaylist', 'UpdatePlaylist']) {
      byOperation[op] = summary(replaySamples.filter((s) => s.op === op).map((s) => s.ms));
    }
    const result = {
      setup: { devices: DEVICES, users: USERS, editsPerDevice: [MIN_EDITS, MAX_EDITS], totalEdits, cmsInstances: instances.length, database: SQLITE ? 'sqlite' : 'postgresql', lostAnswerDevices, bootMs, setupMs },
      reconnect: {
        wallMs: Math.round(reconnectMs),
        requests: replaySamples.length,
        requestsPerSecond: Math.round((replaySamples.length / reconnectMs) * 10_000) / 10,
        editsPerSecond: Math.round((totalEdits / reconnectMs) * 10_000) / 10,
        latencyMs: summary(replaySamples.map((s) => s.ms)),
        byOperation,
        failedRequests: replaySamples.filter((s) => !s.ok).length,
        failedDevices,
        errors: Object.fromEntries(errors),
      },
      consistency: { playlists: devices.reduce((sum, d) => sum + d.playlists.length, 0), edits: editsChecked, missing, duplicated, wrongState, ok: missing === 0 && duplicated === 0 && wrongState === 0 && failedDevices === 0 },
      totalMs: Date.now() - began,
    };
    console.log(JSON.stringify(result, null, 2));
    if (process.env.RESULT_FILE) writeFileSync(process.env.RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
    process.exitCode = result.consistency.ok ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
