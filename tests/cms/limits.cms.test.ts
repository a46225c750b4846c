// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { startWebServer } from '../../server/web-server.mjs';
import { postStreamed } from '../server/support/post-streamed';
import {
  DEMO,
  cmsClient,
  bootTestCms,
  type GraphqlAnswer,
  type RestInit,
} from './support/test-cms';

// No one request may stall everyone, and hardening: GraphQL size limits, playlist and custom unit
// bounds, oversized and malformed bodies (on the CMS and through the web server), CORS, and what a
// production CMS keeps to itself. Against the real CMS on a fresh database. Every request the CMS
// should refuse is counted per category, for the security figures (docs/security.md).

const APP_ORIGIN = 'http://127.0.0.1:4173';
const FOREIGN_ORIGIN = 'https://evil.example';

const tally: Record<string, { tried: number; acceptedWrongly: number }> = {};
function count(category: string, refused: boolean) {
  const entry = (tally[category] ??= { tried: 0, acceptedWrongly: 0 });
  entry.tried += 1;
  if (!refused) entry.acceptedWrongly += 1;
}

// Some requests go to the web server or a second (production) CMS, so the address is an argument.
const graphqlAt = <T>(
  url: string,
  query: string,
  token?: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => cmsClient(() => url).graphqlResponse<T>(query, token, variables, headers);
const restAt = (url: string, path: string, token?: string, init: RestInit = {}) =>
  cmsClient(() => url).rest(path, token, init);

const refusedGraphql = (answer: GraphqlAnswer<unknown>, field: string) =>
  (answer.errors?.length ?? 0) > 0 &&
  ((answer.data as Record<string, unknown> | null)?.[field] ?? null) === null;

const cms = bootTestCms('limits');
let trial: string;

beforeAll(async () => {
  trial = await cms.logIn(DEMO.trial);
});

afterAll(() => {
  console.info(`refusals (tried / accepted wrongly): ${JSON.stringify(tally)}`);
});

describe('GraphQL size limits', () => {
  it('refuses a 60 KB query with 500 aliases at once, before running any of it', async () => {
    const aliases = Array.from(
      { length: 500 },
      (_, i) =>
        `a${i}: schemes(pagination: { limit: 100 }) { documentId title programme { title units { title documentId } } }`,
    ).join('\n');
    const query = `query Flood { ${aliases} }`;
    expect(query.length).toBeGreaterThan(50_000);
    const started = performance.now();
    const { status, answer } = await graphqlAt<unknown>(cms.url, query);
    console.info(
      `500-alias query (${Math.round(query.length / 1024)} KB): HTTP ${status} in ${Math.round(performance.now() - started)} ms`,
    );
    count('graphql size', status === 400 && answer.data == null);
    expect(status).toBe(400);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.message).toMatch(/tokens|aliases/);
  });

  it('refuses a short query with more aliases than the limit, and says why', async () => {
    const query = `query Many { ${Array.from({ length: 25 }, (_, i) => `a${i}: audiences { title }`).join(' ')} }`;
    const { status, answer } = await graphqlAt<unknown>(cms.url, query);
    count('graphql size', status === 400);
    expect(status).toBe(400);
    expect(answer.errors?.[0]?.message).toMatch(/uses 25 aliases; the limit is 20/);
  });

  it('refuses a query that spreads fragments into too many fields', async () => {
    const fields = Array.from({ length: 30 }, () => 'title').join(' ');
    const query = `query Wide { audiences { ${Array.from({ length: 25 }, () => '...F').join(' ')} } } fragment F on Audience { ${fields} }`;
    const { status, answer } = await graphqlAt<unknown>(cms.url, query);
    count('graphql size', status === 400);
    expect(status).toBe(400);
    expect(answer.errors?.[0]?.message).toMatch(/fields; the limit is/);
  });

  it('keeps the depth limit alongside its own rules', async () => {
    let selection = 'title';
    for (let level = 0; level < 7; level += 1) selection = `programme { units { ${selection} } }`;
    const { status, answer } = await graphqlAt<unknown>(
      cms.url,
      `query Deep { schemes { ${selection} } }`,
    );
    count('graphql size', status === 400);
    expect(status).toBe(400);
    expect(answer.errors?.[0]?.message).toMatch(/exceeds maximum operation depth/);
  });

  it('still answers an ordinary query', async () => {
    const { status, answer } = await graphqlAt<{ audiences: { title: string }[] }>(
      cms.url,
      'query Ordinary { audiences { documentId title } programmes { title schemes: units { title } } }',
    );
    expect(status).toBe(200);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.audiences.length).toBeGreaterThan(0);
  });
});

const CREATE =
  'mutation CreatePlaylist($data: PlaylistInput!) { createPlaylist(data: $data) { documentId title } }';
const UPDATE =
  'mutation UpdatePlaylist($id: ID!, $data: PlaylistInput!) { updatePlaylist(documentId: $id, data: $data) { documentId title } }';
const activity = (i: number) => ({
  __typename: 'ComponentPlaylistsActivity',
  title: `Item ${i}`,
  context_path: '/primary',
});
const clientId = () => `limits-${randomBytes(6).toString('hex')}`;

async function createPlaylist(token: string, data: Record<string, unknown>) {
  return (
    await graphqlAt<{ createPlaylist: { documentId: string; title: string } | null }>(
      cms.url,
      CREATE,
      token,
      { data: { client_id: clientId(), ...data } },
    )
  ).answer;
}

describe('playlist and custom unit bounds', () => {
  it('refuses empty, blank and over-long titles, for playlists and custom units, over GraphQL and REST', async () => {
    const made = await createPlaylist(trial, { title: 'Bounds', playlist_item: [] });
    expect(made.errors).toBeUndefined();
    const id = made.data!.createPlaylist!.documentId;
    for (const title of ['', '   ', '\t\n', 'x'.repeat(201)]) {
      const created = await createPlaylist(trial, { title, playlist_item: [] });
      count('playlist bounds', refusedGraphql(created, 'createPlaylist'));
      expect(
        refusedGraphql(created, 'createPlaylist'),
        `create titled ${JSON.stringify(title)}`,
      ).toBe(true);
      expect(created.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      const renamed = (await graphqlAt<unknown>(cms.url, UPDATE, trial, { id, data: { title } }))
        .answer;
      count('playlist bounds', refusedGraphql(renamed, 'updatePlaylist'));
      expect(refusedGraphql(renamed, 'updatePlaylist'), `rename to ${JSON.stringify(title)}`).toBe(
        true,
      );
      const restCreate = await restAt(cms.url, '/api/playlists', trial, {
        body: { data: { title, client_id: clientId() } },
      });
      count('playlist bounds', restCreate.status === 400);
      expect(restCreate.status).toBe(400);
      const unit = (
        await graphqlAt<unknown>(
          cms.url,
          'mutation U($data: CustomSchemeInput!) { createCustomScheme(data: $data) { documentId } }',
          trial,
          { data: { title } },
        )
      ).answer;
      count('custom unit bounds', refusedGraphql(unit, 'createCustomScheme'));
      expect(
        refusedGraphql(unit, 'createCustomScheme'),
        `custom unit titled ${JSON.stringify(title)}`,
      ).toBe(true);
    }
    expect(made.data?.createPlaylist?.title).toBe('Bounds');
    expect(
      (await createPlaylist(trial, { title: 'x'.repeat(200), playlist_item: [] })).errors,
    ).toBeUndefined();

    const unit = await graphqlAt<{ createCustomScheme: { documentId: string } }>(
      cms.url,
      'mutation U($data: CustomSchemeInput!) { createCustomScheme(data: $data) { documentId } }',
      trial,
      { data: { title: 'My unit' } },
    );
    expect(unit.answer.errors).toBeUndefined();
    const blanked = await graphqlAt<unknown>(
      cms.url,
      'mutation R($id: ID!, $data: CustomSchemeInput!) { updateCustomScheme(documentId: $id, data: $data) { title } }',
      trial,
      { id: unit.answer.data!.createCustomScheme.documentId, data: { title: '  ' } },
    );
    count('custom unit bounds', refusedGraphql(blanked.answer, 'updateCustomScheme'));
    expect(refusedGraphql(blanked.answer, 'updateCustomScheme')).toBe(true);
  });

  it('keeps a playlist to 500 items, each one of the two playlist components with a bounded title', async () => {
    const full = await createPlaylist(trial, {
      title: 'Full',
      playlist_item: Array.from({ length: 500 }, (_, i) => activity(i)),
    });
    expect(full.errors).toBeUndefined();
    const over = await createPlaylist(trial, {
      title: 'Over',
      playlist_item: Array.from({ length: 501 }, (_, i) => activity(i)),
    });
    count('playlist bounds', refusedGraphql(over, 'createPlaylist'));
    expect(over.errors?.[0]?.message).toMatch(/at most 500 items/);
    const grown = await graphqlAt<unknown>(cms.url, UPDATE, trial, {
      id: full.data!.createPlaylist!.documentId,
      data: { playlist_item: Array.from({ length: 501 }, (_, i) => activity(i)) },
    });
    count('playlist bounds', refusedGraphql(grown.answer, 'updatePlaylist'));
    expect(refusedGraphql(grown.answer, 'updatePlaylist')).toBe(true);

    const longItem = await createPlaylist(trial, {
      title: 'Long item',
      playlist_item: [{ ...activity(1), title: 'x'.repeat(201) }],
    });
    count('playlist bounds', refusedGraphql(longItem, 'createPlaylist'));
    expect(refusedGraphql(longItem, 'createPlaylist')).toBe(true);

    const profile = {
      __typename: 'ComponentUserUserProfile',
      first_name: 'Not',
      last_name: 'An item',
    };
    const wrongKind = await createPlaylist(trial, {
      title: 'Profile inside',
      playlist_item: [activity(1), profile],
    });
    count('playlist bounds', refusedGraphql(wrongKind, 'createPlaylist'));
    expect(refusedGraphql(wrongKind, 'createPlaylist')).toBe(true);
    const restWrongKind = await restAt(cms.url, '/api/playlists', trial, {
      body: {
        data: {
          title: 'Profile inside',
          client_id: clientId(),
          playlist_item: [{ __component: 'user.user-profile', first_name: 'Not' }],
        },
      },
    });
    count('playlist bounds', restWrongKind.status === 400);
    expect(restWrongKind.status).toBe(400);

    // The owner's own Playlists query (the app's) still answers.
    const list = await graphqlAt<{ playlists: unknown[] }>(
      cms.url,
      'query Playlists { playlists(pagination: { limit: 1000 }) { documentId title playlist_item { __typename ... on ComponentPlaylistsActivity { title } } } }',
      trial,
    );
    expect(list.answer.errors).toBeUndefined();
  });

  it('keeps a teacher to 200 playlists', async () => {
    const email = `limits-${randomBytes(4).toString('hex')}@example.school`;
    const registered = await restAt(cms.url, '/api/auth/local/register', undefined, {
      body: {
        email,
        username: email,
        password: 'sonata1819',
        user_profile_data: { first_name: 'Many', last_name: 'Lists' },
      },
    });
    expect(registered.status).toBe(200);
    const token = (registered.body as { jwt: string }).jwt;
    for (let i = 0; i < 200; i += 1) {
      const made = await createPlaylist(token, { title: `List ${i}`, playlist_item: [] });
      expect(made.errors, `playlist ${i}`).toBeUndefined();
    }
    const extra = await createPlaylist(token, { title: 'One too many', playlist_item: [] });
    count('playlist bounds', refusedGraphql(extra, 'createPlaylist'));
    expect(extra.errors?.[0]?.message).toMatch(/200 playlists/);
  });
});

/** What arrives on a socket until `done` says it is whole; rejects if the server closes it first. */
function readUntil(socket: ReturnType<typeof connect>, done: (text: string) => boolean) {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (done(text)) {
        socket.off('data', onData).off('end', onEnd);
        resolve(text);
      }
    };
    const onEnd = () => reject(new Error(`the CMS closed the connection after: ${text}`));
    socket.on('data', onData).once('end', onEnd);
  });
}

describe('kept-alive connections', () => {
  it("keeps an idle connection open longer than a client keeps one (Node's agent: 5 s), so a reused connection is never closed under a request", async () => {
    const { hostname, port } = new URL(cms.url);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    const health = `GET /_health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`;
    const answered = (text: string) => /^HTTP\/1\.1 204/.test(text) && text.includes('\r\n\r\n');
    socket.write(health);
    expect(await readUntil(socket, answered)).toMatch(/^HTTP\/1\.1 204/);
    let closedAfter: number | null = null;
    const idleSince = Date.now();
    socket.once('end', () => (closedAfter = Date.now() - idleSince));
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(closedAfter, 'the CMS closed the idle connection after (ms)').toBeNull();
    socket.write(health);
    expect(await readUntil(socket, answered)).toMatch(/^HTTP\/1\.1 204/);
    socket.destroy();
  });
});

describe('request bodies', () => {
  it('refuses a malformed multipart upload with a 4xx, signed in or not', async () => {
    const broken: { type: string; body: string }[] = [
      { type: 'multipart/form-data', body: 'garbage' },
      {
        type: 'multipart/form-data; boundary=XYZ',
        body: '--XYZ\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhello',
      },
      {
        type: 'multipart/form-data; boundary=XYZ',
        body: '--ABC\r\nContent-Disposition: form-data; name="files"\r\n\r\nx\r\n--ABC--\r\n',
      },
    ];
    for (const token of [undefined, trial]) {
      for (const { type, body } of broken) {
        const response = await fetch(`${cms.url}/api/upload`, {
          method: 'POST',
          headers: { 'Content-Type': type, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body,
        });
        count('malformed bodies', response.status >= 400 && response.status < 500);
        expect(
          response.status,
          `${token ? 'signed in' : 'anonymous'}: ${type} ${JSON.stringify(body.slice(0, 30))}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
    }
  });

  it('answers a 5 MB body with 413 on the CMS and through the web server, with a clear message', async () => {
    const direct = await postStreamed(new URL('/graphql', cms.url), 5_000_000);
    expect(direct.status).toBe(413);
    const distDir = scratchDir('limits-dist-');
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
    const web = await startWebServer({ distDir, cmsUrl: cms.url });
    try {
      for (const path of ['/graphql', '/api/playlists', '/api/auth/local']) {
        for (const chunked of [false, true]) {
          const answer = await postStreamed(new URL(path, web.url), 5_000_000, { chunked });
          count('oversized bodies', answer.status === 413);
          expect(answer.status, `${path} ${chunked ? 'chunked' : 'with a length'}`).toBe(413);
          expect(answer.body).toMatch(/too large/i);
        }
      }
      const ordinary = await graphqlAt<{ audiences: unknown[] }>(
        web.url,
        'query Ordinary { audiences { title } }',
      );
      expect(ordinary.status).toBe(200);
    } finally {
      await web.stop();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe('CORS and development-only features on a development CMS', () => {
  it("allows the app's origin and refuses a foreign one, on REST and GraphQL", async () => {
    for (const path of ['/api/audiences', '/graphql']) {
      for (const method of ['GET', 'OPTIONS']) {
        const foreign = await fetch(`${cms.url}${path}`, {
          method,
          headers: { Origin: FOREIGN_ORIGIN, 'Access-Control-Request-Method': 'POST' },
        });
        const allowed = foreign.headers.get('access-control-allow-origin');
        count('cors', allowed !== FOREIGN_ORIGIN && allowed !== '*');
        expect(allowed, `${method} ${path} from a foreign origin`).not.toBe(FOREIGN_ORIGIN);
        expect(allowed).not.toBe('*');
      }
      const app = await fetch(`${cms.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'POST' },
      });
      expect(app.headers.get('access-control-allow-origin'), `${path} from the app`).toBe(
        APP_ORIGIN,
      );
    }
  });

  it('keeps introspection and stack traces for development', async () => {
    const introspection = await graphqlAt<{ __schema: { queryType: { name: string } } }>(
      cms.url,
      'query I { __schema { queryType { name } } }',
    );
    expect(introspection.answer.data?.__schema.queryType.name).toBe('Query');
    const failing = await graphqlAt<unknown>(cms.url, 'query F { playlists { title } }');
    expect(failing.answer.errors?.[0]?.extensions?.stacktrace).toBeDefined();
  });
});

describe('a production CMS', () => {
  let production: { url: string; stop: () => Promise<void> };
  let productionDir: string;

  beforeAll(async () => {
    productionDir = scratchDir('music-classroom-limits-production-');
    const secret = () => randomBytes(24).toString('base64');
    production = await startCms({
      port: await freePort(),
      dataDir: productionDir,
      admin: false,
      log: join(productionDir, 'cms.log'),
      env: {
        NODE_ENV: 'production',
        // These tests read headers and error shapes, not content: no seed to wait for.
        CMS_SEED: 'false',
        JWT_SECRET: secret(),
        ADMIN_JWT_SECRET: secret(),
        API_TOKEN_SALT: secret(),
        TRANSFER_TOKEN_SALT: secret(),
        ENCRYPTION_KEY: secret(),
        APP_KEYS: [secret(), secret()].join(','),
      },
    });
  });

  afterAll(async () => {
    await production?.stop();
    if (productionDir && !process.env.CMS_TEST_KEEP_DATA)
      rmSync(productionDir, { recursive: true, force: true });
  });

  it('refuses introspection and sends no stack traces', async () => {
    const introspection = await graphqlAt<unknown>(
      production.url,
      'query I { __schema { queryType { name } } }',
    );
    count('production hardening', introspection.answer.data == null);
    expect(introspection.answer.data ?? null).toBeNull();
    expect(introspection.answer.errors?.[0]?.message).toMatch(/introspection/i);
    for (const query of ['query F { playlists { title } }', 'query V { nope }', '{']) {
      const failing = await graphqlAt<unknown>(production.url, query);
      expect(failing.answer.errors?.length).toBeGreaterThan(0);
      count(
        'production hardening',
        failing.answer.errors!.every((error) => error.extensions?.stacktrace === undefined),
      );
      for (const error of failing.answer.errors!)
        expect(error.extensions?.stacktrace, query).toBeUndefined();
    }
  });

  it('does not say what it runs on, and refuses a foreign origin', async () => {
    for (const path of ['/api/audiences', '/graphql', '/_health']) {
      const response = await fetch(`${production.url}${path}`, {
        headers: { Origin: FOREIGN_ORIGIN },
      });
      count('production hardening', response.headers.get('x-powered-by') === null);
      expect(response.headers.get('x-powered-by'), path).toBeNull();
      const allowed = response.headers.get('access-control-allow-origin');
      count('cors', allowed !== FOREIGN_ORIGIN && allowed !== '*');
      expect(allowed, path).not.toBe(FOREIGN_ORIGIN);
      expect(allowed).not.toBe('*');
    }
  });
});
