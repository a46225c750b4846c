// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOf, sessionTurns } from '../../server/session-turns.mjs';
import { startWebServer } from '../../server/web-server.mjs';

// One session's burst does not hold back another session's request. The stand-in CMS, a process
// of its own, works as the real one does on SQLite: each request's work runs whole in one turn of
// its event loop (a busy wait here), so requests on many new connections are answered one by one,
// in the order they were accepted. The real CMS was measured the same way (docs/security.md).
const WORK_MS = 8;
const BURST = 200;
const STAND_IN_CMS = `
  const server = require('node:http').createServer((req, res) => {
    const until = performance.now() + ${WORK_MS};
    while (performance.now() < until);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"data":{}}');
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

// The burst comes from a process of its own too, as another device's would: in this process it
// would take the web server's turns to make its connections. Times are the shared monotonic clock.
const BURST_CLIENT = `
  const { request } = require('node:http');
  const [url, count] = process.argv.slice(1);
  const answers = [];
  for (let i = 0; i < Number(count); i += 1) {
    // The scheme word spelt each way the CMS accepts: still one session.
    const scheme = i % 2 ? 'Bearer' : 'bEARER';
    const headers = { Authorization: scheme + ' burst' };
    const req = request(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        answers.push({ status: res.statusCode, at: Number(process.hrtime.bigint() / 1000n) });
        if (answers.length === 1) console.log('answered');
        if (answers.length === Number(count)) console.log(JSON.stringify(answers));
      });
    });
    req.end();
  }
`;
const now = () => Number(process.hrtime.bigint() / 1000n);

/**
 * A GET, resolved with when it was answered: on a connection of its own unless `agent` keeps one.
 */
function get(
  url: string,
  headers: Record<string, string>,
  agent: Agent | false = false,
): Promise<{ status: number; at: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, at: now() }));
    });
    req.on('error', reject);
    req.end();
  });
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** The built app the web servers below serve: only its shell matters here. */
let distDir: string;
beforeAll(() => {
  distDir = scratchDir('session-turns-');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe('through the web server', () => {
  let upstream: ChildProcess;
  let web: Awaited<ReturnType<typeof startWebServer>>;

  beforeAll(async () => {
    upstream = spawn(process.execPath, ['-e', STAND_IN_CMS], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [port] = (await once(upstream.stdout!, 'data')) as [Buffer];
    web = await startWebServer({ distDir, cmsUrl: `http://127.0.0.1:${port.toString().trim()}` });
  });

  afterAll(async () => {
    await web?.stop();
    upstream?.kill();
  });

  it("answers another teacher's request within a few of a burst's requests", async () => {
    // The other teacher's device has its connection to the web server open already (as a page
    // that has loaded has): what is measured is the CMS's side, not the web server's accepting.
    const device = new Agent({ keepAlive: true, maxSockets: 1 });
    const otherTeacher = { Authorization: 'Bearer other' };
    await get(`${web.url}/graphql`, otherTeacher, device);
    const client = spawn(
      process.execPath,
      ['-e', BURST_CLIENT, `${web.url}/graphql`, String(BURST)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    client.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(client, 'exit');
    // The other teacher asks once the CMS has answered the burst's first request.
    while (!output.startsWith('answered\n')) await new Promise((resolve) => setTimeout(resolve, 2));
    const asked = now();
    const other = await get(`${web.url}/graphql`, otherTeacher, device);
    await exited;
    const answers = JSON.parse(output.slice('answered\n'.length)) as {
      status: number;
      at: number;
    }[];
    device.destroy();
    expect(other.status).toBe(200);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // Of the burst's requests still waiting when the other teacher asked, those answered first:
    // the ones already at the CMS and a few more, however long the burst. Before the turns, every
    // one of them.
    const waitingThen = answers.filter((answer) => answer.at > asked);
    const ahead = waitingThen.filter((answer) => answer.at < other.at).length;
    expect(waitingThen.length).toBeGreaterThan(BURST / 2);
    expect(ahead, `${ahead} of ${waitingThen.length} ahead`).toBeLessThanOrEqual(
      waitingThen.length / 4,
    );
    console.info(`session turns: ${ahead} of ${waitingThen.length} waiting answered first`);
  });
});

describe('a request given up at the CMS', () => {
  let upstream: Server;
  let web: Awaited<ReturnType<typeof startWebServer>>;
  const arrived: string[] = [];
  const gates: Array<() => void> = [];

  beforeAll(async () => {
    // A stand-in CMS that answers each request only when the test lets it.
    upstream = createServer((req, res) => {
      arrived.push(req.url ?? '');
      gates.push(() => res.end('{}'));
    });
    const cmsUrl = await listen(upstream);
    web = await startWebServer({ distDir, cmsUrl });
  });

  afterAll(async () => {
    await web?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('keeps its turn until the CMS answers, since the CMS works it through anyway', async () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
    const token = { Authorization: 'Bearer giving-up' };
    const given = Array.from({ length: 6 }, (_, index) => {
      const req = request(`${web.url}/api/given-up-${index}`, { headers: token, agent: false });
      req.on('error', () => {});
      req.end();
      return req;
    });
    await settle();
    expect(arrived).toHaveLength(6);
    for (const req of given) req.destroy();
    await settle();
    // The CMS still has six of this session's requests: the seventh waits for one of them.
    const seventh = get(`${web.url}/api/seventh`, token);
    await settle();
    expect(arrived).toHaveLength(6);
    gates.shift()!();
    await settle();
    expect(arrived.at(-1)).toBe('/api/seventh');
    gates.at(-1)!();
    expect((await seventh).status).toBe(200);
    while (gates.length) gates.shift()!();
  });
});

describe('the turns themselves', () => {
  it('counts a token as one session however the header spells it for the CMS, and no token as none', () => {
    const of = (authorization?: string) => sessionOf({ headers: { authorization } });
    // Every spelling the CMS reads as this token (split on any whitespace, 'bearer' in any case).
    for (const spelling of [
      'bEARER abc',
      'Bearer  abc',
      'Bearer\tabc',
      'Bearer \t abc',
      'Bearer\u00a0abc',
    ])
      expect(of(spelling), JSON.stringify(spelling)).toBe(of('Bearer abc'));
    expect(of('Bearer abc')).not.toBe(of('Bearer abd'));
    // A header the CMS cannot read is a session as it is (the CMS refuses it), never none.
    expect(of('Bearer a b')).not.toBeNull();
    expect(of('Bearer a b')).not.toBe(of('Bearer a'));
    expect(of(undefined)).toBeNull();
    expect(of('')).toBeNull();
  });

  /** An app whose answers wait until the test lets each one go, in turn. */
  async function gatedApp(limits: { turns: number; queue: number }) {
    const gates: Array<() => void> = [];
    const started: string[] = [];
    const app = express();
    app.use(sessionTurns((req) => req.header('x-session') ?? null, limits));
    app.get('/work/:name', (req, res) => {
      started.push(req.params.name);
      gates.push(() => res.json({ name: req.params.name }));
    });
    const server = createServer(app);
    const url = await listen(server);
    return {
      url,
      gates,
      started,
      close: () =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('lets a session have its turns at once, queues the rest in order, and refuses past the queue with 429 and Retry-After', async () => {
    const { url, gates, started, close } = await gatedApp({ turns: 2, queue: 2 });
    try {
      const mine = ['a', 'b', 'c', 'd'].map((name) =>
        get(`${url}/work/${name}`, { 'x-session': 'one' }),
      );
      await settle();
      expect(started).toEqual(['a', 'b']);
      const refused = await get(`${url}/work/e`, { 'x-session': 'one' });
      expect(refused.status).toBe(429);
      // Another session is not in this one's line, and a request of no session takes no turn.
      const theirs = get(`${url}/work/x`, { 'x-session': 'two' });
      await settle();
      const none = get(`${url}/work/y`, {});
      await settle();
      expect(started).toEqual(['a', 'b', 'x', 'y']);
      gates.shift()!();
      await settle();
      expect(started).toEqual(['a', 'b', 'x', 'y', 'c']);
      while (gates.length) {
        gates.shift()!();
        await settle();
      }
      expect(started).toEqual(['a', 'b', 'x', 'y', 'c', 'd']);
      expect((await Promise.all([...mine, theirs, none])).map((answer) => answer.status)).toEqual([
        200, 200, 200, 200, 200, 200,
      ]);
    } finally {
      await close();
    }
  });

  it('gives the turns back when a connection with pipelined requests closes', async () => {
    const { url, started, close } = await gatedApp({ turns: 1, queue: 5 });
    try {
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      await once(socket, 'connect');
      socket.on('error', () => {});
      for (const name of ['p1', 'p2', 'p3'])
        socket.write(`GET /work/${name} HTTP/1.1\r\nHost: x\r\nx-session: one\r\n\r\n`);
      await settle();
      expect(started).toEqual(['p1']);
      socket.destroy();
      await settle();
      // The waiting requests' connection is gone: none of them is started, and the turn is free.
      const next = get(`${url}/work/z`, { 'x-session': 'one' });
      await settle();
      expect(started).toEqual(['p1', 'z']);
      void next.catch(() => {});
    } finally {
      await close();
    }
  });

  it('gives a turn back when its request is given up, waiting or at work', async () => {
    const { url, gates, started, close } = await gatedApp({ turns: 1, queue: 5 });
    const abandon = (name: string) => {
      const req = request(`${url}/work/${name}`, { headers: { 'x-session': 'one' }, agent: false });
      req.on('error', () => {});
      req.end();
      return () => req.destroy();
    };
    try {
      const atWork = abandon('a');
      const waitingOne = abandon('b');
      await settle();
      expect(started).toEqual(['a']);
      waitingOne();
      await settle();
      atWork();
      await settle();
      const next = get(`${url}/work/c`, { 'x-session': 'one' });
      await settle();
      expect(started).toEqual(['a', 'c']);
      gates.at(-1)!();
      expect((await next).status).toBe(200);
    } finally {
      await close();
    }
  });
});
