// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PATH, rewriteData, startFaultProxy } from '../../scripts/fault-proxy.mjs';

// The fault proxy stands between the web server and the CMS in the e2e stack. Each fault must do
// what it says on the wire: a lost answer is applied upstream and never delivered; a cut never
// reaches upstream; an error is answered by the proxy alone; a delay delays; an answer, a hang are
// the proxy's alone; a truncated or rewritten answer is the CMS's real one, changed on its way back.

const GRAPHQL_ANSWER = {
  data: { lessons: [{ title: 'Hello', slides: [{ n: 1 }] }], menu: { name: 'Main' }, count: 3 },
};

let upstream: Server;
let upstreamUrl: string;
const received: { method: string; url: string; body: string }[] = [];
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      body: Buffer.concat(chunks).toString(),
    });
    res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' });
    res.end(JSON.stringify(req.url === '/graphql' ? GRAPHQL_ANSWER : { applied: received.length }));
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await startFaultProxy({ target: upstreamUrl });
});

afterAll(async () => {
  await proxy.stop();
  await new Promise<void>((done) => upstream.close(() => done()));
});

afterEach(() => {
  received.length = 0;
  proxy.setRules([]);
});

const send = (path: string, body?: string) =>
  fetch(
    `${proxy.url}${path}`,
    body === undefined
      ? {}
      : { method: 'POST', body, headers: { 'content-type': 'application/json' } },
  );

describe('the fault proxy', () => {
  it('forwards requests unchanged when no rule matches', async () => {
    const answer = await send('/api/audiences?x=1');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-upstream')).toBe('yes');
    expect(received).toEqual([{ method: 'GET', url: '/api/audiences?x=1', body: '' }]);
  });

  it('loses an answer after the CMS applied the request', async () => {
    proxy.setRules([
      {
        fault: 'lose-answer',
        method: 'POST',
        path: '/api/playlist-sync',
        bodyIncludes: '"type":"create"',
        times: 1,
      },
    ]);
    await expect(
      send('/api/playlist-sync', '{"operations":[{"type":"create"}]}'),
    ).rejects.toThrow();
    expect(received).toHaveLength(1);
    // Used up: the replay gets through and is answered.
    expect((await send('/api/playlist-sync', '{"operations":[{"type":"create"}]}')).status).toBe(
      200,
    );
    expect(received).toHaveLength(2);
  });

  it('matches on the body, so other requests on the path pass', async () => {
    proxy.setRules([
      { fault: 'error', path: '/api/playlist-sync', bodyIncludes: '"device":"A"', status: 503 },
    ]);
    expect((await send('/api/playlist-sync', '{"device":"B"}')).status).toBe(200);
    const refused = await send('/api/playlist-sync', '{"device":"A"}');
    expect(refused.status).toBe(503);
    expect(received).toHaveLength(1);
  });

  it('cuts a connection without reaching the CMS', async () => {
    proxy.setRules([{ fault: 'cut', path: '/graphql' }]);
    await expect(send('/graphql', '{}')).rejects.toThrow();
    expect(received).toHaveLength(0);
  });

  it('delays a request by the time it is given', async () => {
    proxy.setRules([{ fault: 'delay', path: '/graphql', delayMs: 300 }]);
    const started = performance.now();
    expect((await send('/graphql', '{}')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('fires a seeded share of matches, the same share for the same seed', async () => {
    const run = async () => {
      proxy.setRules([{ fault: 'error', path: '/api', probability: 0.5 }], 42);
      const statuses = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await send('/api/x')).status);
      return statuses;
    };
    const first = await run();
    expect(first.filter((status) => status === 502).length).toBeGreaterThan(2);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(2);
    expect(await run()).toEqual(first);
  });

  it('is set, read and cleared over its control path', async () => {
    const put = await fetch(`${proxy.url}${CONTROL_PATH}`, {
      method: 'PUT',
      body: JSON.stringify({ rules: [{ fault: 'error', path: '/api' }] }),
    });
    expect(put.status).toBe(200);
    expect((await send('/api/x')).status).toBe(502);
    const state = (await (await fetch(`${proxy.url}${CONTROL_PATH}`)).json()) as {
      hits: number[];
      log: unknown[];
    };
    expect(state.hits).toEqual([1]);
    expect(state.log).toHaveLength(1);
    await fetch(`${proxy.url}${CONTROL_PATH}`, { method: 'DELETE' });
    expect((await send('/api/x')).status).toBe(200);
  });

  it('answers with the body it is given, without reaching the CMS', async () => {
    proxy.setRules([
      {
        fault: 'answer',
        path: '/graphql',
        status: 200,
        body: '<html>Bad gateway</html>',
        contentType: 'text/html',
      },
    ]);
    const answer = await send('/graphql', '{}');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html');
    expect(await answer.text()).toBe('<html>Bad gateway</html>');
    expect(received).toHaveLength(0);
  });

  it("truncates the CMS's answer to its first half, delivered as if whole", async () => {
    proxy.setRules([{ fault: 'truncate', path: '/graphql' }]);
    const answer = await send('/graphql', '{}');
    const whole = JSON.stringify(GRAPHQL_ANSWER);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-upstream')).toBe('yes');
    expect(await answer.text()).toBe(whole.slice(0, Math.floor(whole.length / 2)));
    expect(received).toHaveLength(1);
  });

  it("rewrites the data of the CMS's real answer: fields stripped, or every value null", async () => {
    proxy.setRules([{ fault: 'rewrite', path: '/graphql', mode: 'strip-fields', times: 1 }]);
    expect(await (await send('/graphql', '{}')).json()).toEqual({
      data: { lessons: [{}], menu: {}, count: null },
    });
    proxy.setRules([{ fault: 'rewrite', path: '/graphql', mode: 'null-fields' }]);
    const nulled = await send('/graphql', '{}');
    expect(nulled.headers.get('x-upstream')).toBe('yes');
    expect(await nulled.json()).toEqual({
      data: {
        lessons: [{ title: null, slides: [{ n: null }] }],
        menu: { name: null },
        count: null,
      },
    });
    expect(received).toHaveLength(2);
    // An answer that is not JSON has no fields to change; data: null stays null.
    proxy.setRules([{ fault: 'rewrite', path: '/api' }]);
    expect(await (await send('/api/x')).json()).toEqual({ applied: 3 });
    expect(rewriteData(null, 'strip-fields')).toBeNull();
  });

  it('hangs: the request is held, never answered and never forwarded', async () => {
    proxy.setRules([{ fault: 'hang', path: '/graphql' }]);
    const outcome = await Promise.race([
      send('/graphql', '{}').then(
        () => 'answered',
        () => 'failed',
      ),
      new Promise((done) => setTimeout(() => done('still waiting'), 500)),
    ]);
    expect(outcome).toBe('still waiting');
    expect(received).toHaveLength(0);
  });

  it('holds a request until the test releases it, then forwards it; or cuts it', async () => {
    proxy.setRules([{ fault: 'hold', path: '/api/' }]);
    let settled = false;
    const first = send('/api/one', '{}').finally(() => (settled = true));
    await new Promise((done) => setTimeout(done, 300));
    expect(settled).toBe(false);
    expect(received).toHaveLength(0);

    const release = (cut: boolean) =>
      fetch(`${proxy.url}${CONTROL_PATH}/release`, {
        method: 'POST',
        body: JSON.stringify({ cut }),
      }).then((answer) => answer.json());
    expect(await release(false)).toEqual({ released: 1 });
    expect((await first).status).toBe(200);
    expect(received.map((request) => request.url)).toEqual(['/api/one']);

    const second = send('/api/two', '{}');
    await new Promise((done) => setTimeout(done, 200));
    expect(await release(true)).toEqual({ released: 1 });
    await expect(second).rejects.toThrow();
    expect(received).toHaveLength(1);
  });

  it('matches a header, and passes the first requests through when told', async () => {
    proxy.setRules([
      {
        fault: 'pass',
        path: '/uploads/',
        header: { name: 'X-Media-Download', value: '1' },
        times: 1,
      },
      { fault: 'error', path: '/uploads/', header: { name: 'X-Media-Download', value: '1' } },
    ]);
    const download = () =>
      fetch(`${proxy.url}/uploads/a.mp3`, { headers: { 'x-media-download': '1' } });
    expect((await download()).status).toBe(200);
    expect((await download()).status).toBe(502);
    // Without the header no rule matches: a page's own image loads as usual.
    expect((await fetch(`${proxy.url}/uploads/a.mp3`)).status).toBe(200);
    const state = (await (await fetch(`${proxy.url}${CONTROL_PATH}`)).json()) as {
      hits: number[];
      log: { path: string; fault: string }[];
    };
    expect(state.hits).toEqual([1, 1]);
    expect(state.log.map((entry) => [entry.path, entry.fault])).toEqual([
      ['/uploads/a.mp3', 'pass'],
      ['/uploads/a.mp3', 'error'],
    ]);
  });
});
