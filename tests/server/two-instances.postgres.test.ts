// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { createFreshDatabase } from '../../scripts/postgres.mjs';
import { startWebServer } from '../../server/web-server.mjs';

// Horizontal scale: two CMS instances on ONE PostgreSQL database and one upload folder (object
// storage stands in), behind the web server's round-robin proxy. Runs under
// `npm run test:postgres` (DATABASE_URL set); skipped otherwise.

type Cms = Awaited<ReturnType<typeof startCms>>;
type GraphqlAnswer<T> = { data?: T; errors?: { message: string }[] };

const PASSWORD = 'music1234';
const SUBSCRIBER = 'subscriber@demo.school';

const CREATE = /* GraphQL */ `
  mutation CreatePlaylist($data: PlaylistInput!) {
    createPlaylist(data: $data) {
      documentId
      title
    }
  }
`;
const UPDATE = /* GraphQL */ `
  mutation UpdatePlaylist($playlistId: ID!, $data: PlaylistInput!) {
    updatePlaylist(documentId: $playlistId, data: $data) {
      documentId
      updatedAt
    }
  }
`;
const PLAYLISTS = /* GraphQL */ `
  query Playlists {
    playlists(pagination: { limit: 1000 }) {
      documentId
      title
      client_id
    }
  }
`;

let dataDir: string;
let database: Awaited<ReturnType<typeof createFreshDatabase>> | null = null;
let a: Cms;
let b: Cms;
let web: Awaited<ReturnType<typeof startWebServer>>;

async function login(base: string, identifier = SUBSCRIBER): Promise<string> {
  const response = await fetch(`${base}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { jwt: string }).jwt;
}

async function gql<T>(
  base: string,
  jwt: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as GraphqlAnswer<T>;
  if (answer.errors?.length || !answer.data)
    throw new Error(JSON.stringify(answer.errors ?? answer));
  return answer.data;
}

const playlistsOf = async (base: string, jwt: string) =>
  (
    await gql<{ playlists: { documentId: string; title: string; client_id: string | null }[] }>(
      base,
      jwt,
      PLAYLISTS,
    )
  ).playlists;

describe.skipIf(!process.env.DATABASE_URL)('two CMS instances on one PostgreSQL', () => {
  beforeAll(async () => {
    dataDir = scratchDir('music-classroom-two-instances-');
    database = await createFreshDatabase(process.env.DATABASE_URL!);
    // One at a time: the first seeds the empty database, the second finds it seeded.
    a = await startCms({
      port: await freePort(),
      dataDir,
      databaseUrl: database.url,
      log: join(dataDir, 'a.log'),
    });
    b = await startCms({
      port: await freePort(),
      dataDir,
      databaseUrl: database.url,
      log: join(dataDir, 'b.log'),
    });
    const dist = join(dataDir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    web = await startWebServer({ distDir: dist, cmsUrl: `${a.url},${b.url}` });
  });

  afterAll(async () => {
    await web?.stop();
    await b?.stop();
    await a?.stop();
    await database?.drop().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds once: the second instance finds the content and accounts the first made', async () => {
    const jwt = await login(b.url);
    const titles = (await playlistsOf(b.url, jwt)).map((playlist) => playlist.title);
    // The seed's one playlist, not two.
    expect(titles.filter((title) => title === 'Monday morning warm-ups')).toHaveLength(1);
  });

  it('accepts a login made on A on B (shared JWT secret, no server-side session)', async () => {
    const jwt = await login(a.url);
    const me = await fetch(`${b.url}/api/users/me`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(SUBSCRIBER);
  });

  it('shows a playlist created through A when read through B', async () => {
    const jwt = await login(a.url);
    const clientId = `two-instances-${Date.now()}`;
    const created = await gql<{ createPlaylist: { documentId: string } }>(a.url, jwt, CREATE, {
      data: { title: 'Made on A', client_id: clientId, audience: null, playlist_item: [] },
    });
    const onB = await playlistsOf(b.url, jwt);
    expect(onB.find((playlist) => playlist.client_id === clientId)?.documentId).toBe(
      created.createPlaylist.documentId,
    );
  });

  it('keeps a sync replay split across the instances idempotent', async () => {
    const jwt = await login(a.url);
    const clientId = `replay-${Date.now()}`;
    const data = { title: 'Replayed', client_id: clientId, audience: null, playlist_item: [] };
    // The first create reached A but its answer was lost; the replay lands on B.
    const first = await gql<{ createPlaylist: { documentId: string } }>(a.url, jwt, CREATE, {
      data,
    });
    const replay = await gql<{ createPlaylist: { documentId: string } }>(b.url, jwt, CREATE, {
      data,
    });
    expect(replay.createPlaylist.documentId).toBe(first.createPlaylist.documentId);
    await gql(b.url, jwt, UPDATE, {
      playlistId: first.createPlaylist.documentId,
      data: { title: 'Replayed and renamed', audience: null, playlist_item: [] },
    });
    const onA = (await playlistsOf(a.url, jwt)).filter(
      (playlist) => playlist.client_id === clientId,
    );
    expect(onA.map((playlist) => playlist.title)).toEqual(['Replayed and renamed']);
  });

  it('spreads requests through the proxy over both instances, each answering for the other', async () => {
    const jwt = await login(web.url); // one instance
    const clientIds = Array.from({ length: 6 }, (_, index) => `proxy-${Date.now()}-${index}`);
    for (const clientId of clientIds) {
      await gql(web.url, jwt, CREATE, {
        data: { title: clientId, client_id: clientId, audience: null, playlist_item: [] },
      });
    }
    // Consecutive reads alternate between A and B: both must see all six.
    for (let read = 0; read < 2; read += 1) {
      const seen = (await playlistsOf(web.url, jwt)).map((playlist) => playlist.client_id);
      for (const clientId of clientIds)
        expect(seen.filter((id) => id === clientId)).toHaveLength(1);
    }
  });

  it('serves the seeded media from either instance (shared upload storage)', async () => {
    const jwt = await login(a.url);
    const files = await gql<{ uploadFiles: { url: string }[] }>(
      a.url,
      jwt,
      '{ uploadFiles(pagination: { limit: 1 }) { url } }',
    );
    const url = files.uploadFiles[0]?.url;
    expect(url).toMatch(/^\/uploads\//);
    for (const base of [a.url, b.url]) expect((await fetch(`${base}${url}`)).status).toBe(200);
  });
});
