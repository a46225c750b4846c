// @vitest-environment jsdom
// Benchmark (not a test of speed): replays 1,000 queued playlist edits across 20 playlists
// against the real local CMS and reports the requests sent and the time taken; then a reconnect
// with nothing changed, which must be one pull under 1 KB. Run by
// `npm run bench` (vitest project "bench"); the figures go to bench/results/sync-replay.json.
import { scratchDir } from '../scripts/scratch.mjs';
import 'fake-indexeddb/auto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, startCms } from '../scripts/cms-process.mjs';
import { db } from '../src/lib/db/database';
import {
  appendPlaylistItem,
  createPlaylist,
  replacePlaylistItems,
  updatePlaylistDetails,
} from '../src/lib/sync/local-writes';
import {
  withActivityCards,
  type PlaylistApi,
  type PlaylistChanges,
  type PlaylistSyncAnswer,
} from '../src/lib/sync/playlist-api';
import { syncPlaylists } from '../src/lib/sync/replay';

const PLAYLIST_COUNT = 20;
const EDIT_COUNT = 1_000;

let cms: { url: string; stop: () => Promise<void> };
let dataDir: string;
let token: string;
let userId: string;

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${cms.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(body.errors[0]!.message);
  return body.data;
}

/** Bytes of the answers' bodies since the last reset (what a device downloads). */
let answerBytes = 0;

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${cms.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  answerBytes += Buffer.byteLength(text);
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The same CMS calls the app makes, straight from Node. */
const api: PlaylistApi = {
  pull: async (request) =>
    withActivityCards(
      await postJson<PlaylistChanges>('/api/playlist-sync/changes', {
        ...request,
        activityCards: 'shared',
      }),
    ),
  sync: (request) => postJson<PlaylistSyncAnswer>('/api/playlist-sync', request),
};

beforeAll(async () => {
  dataDir = scratchDir('music-classroom-bench-');
  cms = await startCms({ port: await freePort(), dataDir, log: join(dataDir, 'cms.log') });
  const login = await fetch(`${cms.url}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: 'subscriber2@demo.school', password: 'music1234' }),
  });
  const body = (await login.json()) as { jwt: string; user: { id: number } };
  token = body.jwt;
  userId = String(body.user.id);
}, 180_000);

afterAll(async () => {
  await cms?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('replays 1,000 queued edits across 20 playlists', async () => {
  const activities = await graphql<{ activityPages: { documentId: string; title: string }[] }>(
    'query Activities { activityPages(pagination: { limit: 10 }) { documentId title } }',
  );
  const playlists = [];
  for (let i = 0; i < PLAYLIST_COUNT; i += 1) {
    playlists.push(
      await createPlaylist(userId, { title: `Bench playlist ${i + 1}`, audienceId: null }),
    );
  }
  let edits = PLAYLIST_COUNT;
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  while (edits < EDIT_COUNT) {
    const playlist = playlists[Math.floor(random() * playlists.length)]!;
    const roll = random();
    const activity =
      activities.activityPages[Math.floor(random() * activities.activityPages.length)]!;
    if (roll < 0.7) {
      await appendPlaylistItem(playlist.clientId, {
        kind: 'ComponentPlaylistsActivity',
        title: activity.title,
        itemId: activity.documentId,
        contextPath: `/primary/activities/-/${activity.documentId}`,
        details: {},
      });
    } else if (roll < 0.9) {
      const current = (await db.playlists.get(playlist.clientId))!;
      await replacePlaylistItems(playlist.clientId, [...current.items].reverse());
    } else {
      await updatePlaylistDetails(playlist.clientId, {
        title: `Bench playlist renamed ${edits}`,
        audienceId: null,
      });
    }
    edits += 1;
  }
  const queued = edits;
  const operations = await db.outbox.count();

  const started = performance.now();
  const outcome = await syncPlaylists(userId, api);
  const elapsed = performance.now() - started;

  expect(outcome.status).toBe('synced');
  const replayBytes = answerBytes;

  // The next reconnect, nothing changed since: one pull of the changes since the cursor.
  answerBytes = 0;
  const quiet = await syncPlaylists(userId, api);
  expect(quiet.status).toBe('synced');
  const quietBytes = answerBytes;

  const server = (await api.pull({ since: null })).playlists;
  for (const playlist of playlists) {
    const local = (await db.playlists.get(playlist.clientId))!;
    const remote = server.find((candidate) => candidate.client_id === playlist.clientId)!;
    expect(
      remote.playlist_item.map((item) => (item.item as { documentId: string }).documentId),
    ).toEqual(local.items.map((item) => item.itemId));
  }

  const target = PLAYLIST_COUNT + PLAYLIST_COUNT; // playlists touched plus creates
  const figures = {
    name: 'sync-replay',
    queued_edits: queued,
    queued_operations: operations,
    playlists: PLAYLIST_COUNT,
    requests: outcome.requests,
    target_max_requests: target,
    requests_met: outcome.requests <= target,
    replay_ms: Math.round(elapsed),
    replay_answer_bytes: replayBytes,
    quiet_reconnect_requests: quiet.requests,
    quiet_reconnect_bytes: quietBytes,
    quiet_reconnect_target: 'one request under 1 KB',
    quiet_reconnect_met: quiet.requests === 1 && quietBytes < 1024,
    ms_per_edit: Number((elapsed / queued).toFixed(2)),
    cms_state_matches_local: true,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/sync-replay.json', `${JSON.stringify(figures, null, 2)}\n`);
  console.log(JSON.stringify(figures));
}, 300_000);
