// `node bench/playlist-write.mjs`: what one playlist edit costs the CMS, on a 5-item playlist and
// on a 499-item one with a full history of applied operations, side by side in one run (A B A B,
// so load on the machine falls on both alike). A write must cost what it changes, not the
// playlist's size: a rename, an added item, a move and a removal through POST /api/playlist-sync
// (the app's sync). Also times one request of 1,000 operations (the app's most per request) on the
// large playlist, one request of 50, 200 and 500 adds, and a create with 500 items (`bulk`). Prints JSON (median and every sample, ms, as the device sees it on 127.0.0.1)
// with the machine's load average; RESULT_FILE=path also writes it there.
// Settings (env): ROUNDS=9. One CMS on a throwaway SQLite file (the development setup).
// CMS_CPU_PROF_DIR=path: the CMS runs under --cpu-prof and writes its .cpuprofile there when the
// bench stops it, with phases.json: when the timed edits ran (`node bench/cpu-profile-summary.mjs
// path --phase edits` reads them). Otherwise every SQLite statement the CMS runs is timed
// (bench/sqlite-timing.mjs), and the result says how much of each edit was SQL, in how many
// statements and rows, and which statements a large edit spends most on: where the time goes.
import { scratchDir } from '../scripts/scratch.mjs';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startCms } from '../scripts/cms-process.mjs';
import { monotonicMicros, writePhases } from './cpu-phases.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 9);
const SMALL = 5;
const LARGE = 499;
const TARGET_RATIO = 2;
const TARGET_MS = 20;
const BULK_ADDS = [50, 200, 500];
const BULK_CREATE = 500;
const WARM_UP_ADDS = 5;
const CPU_PROF_DIR = process.env.CMS_CPU_PROF_DIR;

/** @param {number[]} values @returns {number} */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ index) => sorted[index] ?? 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};
const round1 = (/** @type {number} */ value) => Math.round(value * 10) / 10;
const load = () => loadavg().map((value) => Math.round(value * 100) / 100);

/**
 * @param {string} base @param {string} jwt @param {{ clientId: string, device: string, baseVersion: number | null, operations: object[] }} request
 * @returns {Promise<{ ms: number, answer: any }>}
 */
async function sync(base, jwt, request) {
  const began = performance.now();
  const response = await fetch(`${base}/api/playlist-sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify(request),
  });
  const answer = await response.json();
  const ms = performance.now() - began;
  if (!response.ok || answer.status !== 'applied')
    throw new Error(`playlist-sync: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return { ms, answer };
}

/**
 * The SQL inside each timed edit (bench/sqlite-timing.mjs's records), per edit and size: the
 * median SQL time, statements and rows of a request; for the large playlist, the statements that
 * took longest per request, by their text.
 * @param {[number, number, number, string][]} records
 * @param {{ kind: string, size: string, from: number, to: number }[]} windows
 */
function sqlShare(records, windows) {
  /** @type {Record<string, any>} */
  const byEdit = {};
  /** @type {Map<string, { ms: number, rows: number }>} */
  const largeStatements = new Map();
  let largeRequests = 0;
  for (const { kind, size, from, to } of windows) {
    const inside = records.filter(([at]) => at >= from && at <= to);
    const entry = (byEdit[kind] ??= {});
    const figures = (entry[size] ??= { ms: [], statements: [], rows: [] });
    figures.ms.push(inside.reduce((sum, [, ms]) => sum + ms, 0));
    figures.statements.push(inside.length);
    figures.rows.push(inside.reduce((sum, [, , rows]) => sum + rows, 0));
    if (size !== 'large') continue;
    largeRequests += 1;
    for (const [, ms, rows, sql] of inside) {
      const known = largeStatements.get(sql) ?? { ms: 0, rows: 0 };
      largeStatements.set(sql, { ms: known.ms + ms, rows: known.rows + rows });
    }
  }
  for (const entry of Object.values(byEdit))
    for (const [size, figures] of Object.entries(entry))
      entry[size] = {
        sql_median_ms: round1(median(figures.ms)),
        statements_median: median(figures.statements),
        rows_median: median(figures.rows),
      };
  const largestStatements = [...largeStatements]
    .map(([sql, { ms, rows }]) => ({
      sql,
      ms_per_request: round1(ms / Math.max(1, largeRequests)),
      rows_per_request: Math.round(rows / Math.max(1, largeRequests)),
    }))
    .sort((a, b) => b.ms_per_request - a.ms_per_request)
    .slice(0, 3);
  return { edits: byEdit, large_slowest_statements: largestStatements };
}

async function main() {
  const dataDir = scratchDir('music-classroom-playlist-write-');
  const loadAtStart = load();
  const sqlFile = CPU_PROF_DIR ? null : join(dataDir, 'sqlite-timing.json');
  const timing = fileURLToPath(new URL('./sqlite-timing.mjs', import.meta.url));
  const cms = await startCms({
    port: await freePort(),
    dataDir,
    admin: false,
    env: {
      DATABASE_CLIENT: 'sqlite',
      DATABASE_FILENAME: join(dataDir, 'data.db'),
      ...(sqlFile ? { NODE_OPTIONS: `--import ${timing}`, SQLITE_TIMING_FILE: sqlFile } : {}),
    },
    log: join(dataDir, 'cms.log'),
    ...(CPU_PROF_DIR ? { cpuProfDir: CPU_PROF_DIR } : {}),
  });
  try {
    const base = cms.url;
    const login = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'subscriber@demo.school', password: 'music1234' }),
    });
    const { jwt } = /** @type {{ jwt: string }} */ (await login.json());
    const graphql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({
        query: '{ activityPages(pagination: { limit: 50 }) { documentId title } }',
      }),
    });
    const activities = /** @type {{ documentId: string, title: string }[]} */ (
      (await graphql.json()).data.activityPages
    );
    const item = (/** @type {number} */ index) => {
      const activity = activities[(index + activities.length) % activities.length];
      if (!activity) throw new Error('The seeded CMS has no activity pages');
      return {
        key: `item-${randomUUID()}`,
        kind: 'ComponentPlaylistsActivity',
        itemId: activity.documentId,
        title: activity.title,
        contextPath: `/primary/activities/-/${activity.documentId}`,
      };
    };
    const op = (/** @type {string} */ type, /** @type {object} */ fields = {}) => ({
      id: `op-${randomUUID()}`,
      type,
      ...fields,
    });

    /** @param {number} size */
    async function makePlaylist(size) {
      const clientId = `bench-${randomUUID()}`;
      const items = Array.from({ length: size }, (_, index) => item(index));
      const { answer } = await sync(base, jwt, {
        clientId,
        device: 'bench',
        baseVersion: null,
        operations: [op('create', { title: `${size} items`, audienceId: null, items })],
      });
      /** @type {{ clientId: string, version: number, keys: string[], added: string | null }} */
      const playlist = {
        clientId,
        version: answer.version,
        keys: items.map((entry) => entry.key),
        added: null,
      };
      return playlist;
    }
    const small = await makePlaylist(SMALL);
    const large = await makePlaylist(LARGE);

    // Bulk writes: one request that adds 50, 200 or 500 items to an empty playlist, and a create
    // that brings 500 items; each must cost about the same per item (no per-item round trips).
    /** @type {Record<string, number>} */
    const bulk = {};
    // Warm-up: the first bulk request loads its code paths and statements.
    for (const count of [WARM_UP_ADDS, ...BULK_ADDS]) {
      const empty = await makePlaylist(0);
      const operations = Array.from({ length: count }, (_, index) =>
        op('addItem', { item: item(index), after: null }),
      );
      const { ms, answer } = await sync(base, jwt, {
        clientId: empty.clientId,
        device: 'bench',
        baseVersion: empty.version,
        operations,
      });
      if (answer.state.items.length !== count)
        throw new Error(`${count} adds stored ${answer.state.items.length} items`);
      if (count === WARM_UP_ADDS) continue;
      bulk[`adds_${count}_ms`] = round1(ms);
      bulk[`adds_${count}_ms_per_op`] = round1(ms / count);
    }
    {
      const began = performance.now();
      await makePlaylist(BULK_CREATE);
      bulk[`create_${BULK_CREATE}_items_ms`] = round1(performance.now() - began);
    }

    // 1,000 operations in one request on the large playlist: renames, moves, removes and adds
    // (it ends with as many items as it started). Twice, so its history of applied operations is
    // as long as the CMS keeps.
    /** @type {number[]} */
    const thousandMs = [];
    for (let request = 0; request < 2; request += 1) {
      const operations = [];
      const keys = [...large.keys];
      for (let index = 0; index < 250; index += 1) {
        operations.push(op('rename', { title: `Renamed ${request}.${index}` }));
        operations.push(
          op('moveItem', {
            key: keys[(index * 7) % keys.length],
            after: keys[(index * 13 + 1) % keys.length],
          }),
        );
        const removed = keys.splice((index * 11) % keys.length, 1)[0];
        operations.push(op('removeItem', { key: removed }));
        const added = item(index);
        keys.push(added.key);
        operations.push(
          op('addItem', { item: added, after: keys[(index * 3) % (keys.length - 1)] }),
        );
      }
      const { ms, answer } = await sync(base, jwt, {
        clientId: large.clientId,
        device: 'bench',
        baseVersion: large.version,
        operations,
      });
      thousandMs.push(ms);
      large.version = answer.version;
      large.keys = answer.state.items.map((/** @type {{ key: string }} */ entry) => entry.key);
    }

    /** @typedef {'rename' | 'addItem' | 'moveItem' | 'removeItem'} Edit */
    /** @type {Record<Edit, { small: number[], large: number[] }>} */
    const samples = {
      rename: { small: [], large: [] },
      addItem: { small: [], large: [] },
      moveItem: { small: [], large: [] },
      removeItem: { small: [], large: [] },
    };
    /** When each timed edit ran, on the machine's clock (ms): the SQL it caused falls inside. */
    /** @type {{ kind: Edit, size: 'small' | 'large', from: number, to: number }[]} */
    const windows = [];
    const clock = () => performance.timeOrigin + performance.now();
    /** @param {typeof small} playlist @param {Edit} edit @param {number} round */
    async function edit(playlist, edit, round) {
      const keys = playlist.keys;
      /** @type {object} */
      let operation;
      if (edit === 'rename') operation = op('rename', { title: `Renamed in round ${round}` });
      else if (edit === 'addItem') {
        const added = item(round);
        operation = op('addItem', { item: added, after: keys[Math.floor(keys.length / 2)] });
      } else if (edit === 'moveItem')
        operation = op('moveItem', { key: keys[keys.length - 1], after: keys[0] });
      else operation = op('removeItem', { key: playlist.added });
      const { ms, answer } = await sync(base, jwt, {
        clientId: playlist.clientId,
        device: 'bench',
        baseVersion: playlist.version,
        operations: [operation],
      });
      playlist.version = answer.version;
      playlist.keys = answer.state.items.map((/** @type {{ key: string }} */ entry) => entry.key);
      if (edit === 'addItem')
        playlist.added = /** @type {{ item: { key: string } }} */ (operation).item.key;
      return ms;
    }
    // Warm-up: the first request of each kind loads code paths and statements.
    for (const kind of /** @type {Edit[]} */ (['rename', 'addItem', 'moveItem', 'removeItem'])) {
      await edit(small, kind, -1);
      await edit(large, kind, -1);
    }
    const editsFrom = monotonicMicros();
    for (let round = 0; round < ROUNDS; round += 1) {
      // The add grows the large playlist to 500 (the limit) and the removal takes it back to 499.
      for (const kind of /** @type {Edit[]} */ (['rename', 'addItem', 'moveItem', 'removeItem'])) {
        const first = round % 2 === 0 ? small : large;
        const second = first === small ? large : small;
        let from = clock();
        const firstMs = await edit(first, kind, round);
        windows.push({ kind, size: first === small ? 'small' : 'large', from, to: clock() });
        from = clock();
        const secondMs = await edit(second, kind, round);
        windows.push({ kind, size: second === small ? 'small' : 'large', from, to: clock() });
        samples[kind][first === small ? 'small' : 'large'].push(firstMs);
        samples[kind][second === small ? 'small' : 'large'].push(secondMs);
      }
    }

    if (CPU_PROF_DIR) {
      const phases = { edits: { from: editsFrom, to: monotonicMicros(), requests: ROUNDS * 8 } };
      writePhases(CPU_PROF_DIR, phases);
    }
    const edits = Object.fromEntries(
      Object.entries(samples).map(([kind, { small: smallMs, large: largeMs }]) => {
        const smallMedian = median(smallMs);
        const largeMedian = median(largeMs);
        const ratio = Math.round((largeMedian / smallMedian) * 100) / 100;
        return [
          kind,
          {
            small_median_ms: round1(smallMedian),
            large_median_ms: round1(largeMedian),
            ratio,
            met: ratio <= TARGET_RATIO && largeMedian <= TARGET_MS && smallMedian <= TARGET_MS,
            small_ms: smallMs.map(round1),
            large_ms: largeMs.map(round1),
          },
        ];
      }),
    );
    const result = {
      measuredAt: new Date().toISOString(),
      database: 'sqlite',
      small_items: SMALL,
      large_items: LARGE,
      rounds: ROUNDS,
      target: `large within ${TARGET_RATIO}x of small, each ≤ ${TARGET_MS} ms`,
      edits,
      thousand_operations_ms: thousandMs.map(round1),
      bulk,
      loadavg_at_start: loadAtStart,
      loadavg_at_end: load(),
      cores: (await import('node:os')).cpus().length,
      /** @type {ReturnType<typeof sqlShare> | null} */
      sql: null,
    };
    // The CMS writes its statements' times as it exits.
    await cms.stop();
    if (sqlFile) result.sql = sqlShare(JSON.parse(readFileSync(sqlFile, 'utf8')), windows);
    const text = JSON.stringify(result, null, 2);
    console.log(text);
    if (process.env.RESULT_FILE) writeFileSync(process.env.RESULT_FILE, `${text}\n`);
  } finally {
    await cms.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
