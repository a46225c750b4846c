// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/cms-process.mjs';
import { startSeededCms } from '../../scripts/cms-seed-template.mjs';
import { startWebServer } from '../../server/web-server.mjs';

// The CMS's login rate limit keys on the client address. Behind the web server (IS_PROXIED=true)
// that address must be the one the web server saw, never one the client wrote into
// X-Forwarded-For, or a script gets a fresh allowance per forged header.

const RATE_LIMIT_MAX = 3;
let distDir: string;
let dataDir: string;

/** A POST from a chosen local address (127.0.0.2 is another loopback client on Linux). */
function post(
  url: string,
  body: unknown,
  {
    localAddress = '127.0.0.1',
    headers = {},
  }: { localAddress?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

beforeAll(() => {
  distDir = scratchDir('forwarded-for-dist-');
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
  dataDir = scratchDir('forwarded-for-cms-');
});

afterAll(() => {
  rmSync(distDir, { recursive: true, force: true });
  if (!process.env.CMS_TEST_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
});

describe('X-Forwarded-For through the web server', () => {
  it("replaces the client's X-Forwarded-For with the address the web server saw", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const upstream: Server = createServer((req, res) => {
      seen.push(req.headers);
      res.end('{}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const web = await startWebServer({
      distDir,
      cmsUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    });
    try {
      await post(
        `${web.url}/api/auth/local`,
        {},
        { headers: { 'X-Forwarded-For': '203.0.113.9, 198.51.100.7' } },
      );
      await post(`${web.url}/api/auth/local`, {}, { localAddress: '127.0.0.2' });
      expect(seen.map((headers) => headers['x-forwarded-for'])).toEqual([
        expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/),
        expect.stringMatching(/^(::ffff:)?127\.0\.0\.2$/),
      ]);
    } finally {
      await web.stop();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it('throttles logins with forged addresses, and a second client keeps its own allowance', async () => {
    // A copy of the run's seeded template boots in seconds, where an empty database takes ~20 s
    // to build its tables; the throttle does not care what the database holds.
    const cms = await startSeededCms({
      port: await freePort(),
      dataDir,
      env: { IS_PROXIED: 'true', AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT_MAX) },
      log: join(dataDir, 'cms.log'),
    });
    const web = await startWebServer({ distDir, cmsUrl: cms.url });
    try {
      const login = { identifier: 'nobody@e2e.school', password: 'wrong1234' };
      const statuses: number[] = [];
      for (let attempt = 0; attempt < RATE_LIMIT_MAX + 2; attempt += 1) {
        const forged = `198.51.100.${attempt + 1}`;
        statuses.push(
          (
            await post(`${web.url}/api/auth/local`, login, {
              headers: { 'X-Forwarded-For': forged },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([...Array<number>(RATE_LIMIT_MAX).fill(400), 429, 429]);
      // Another client (another real address) is not locked out by the first one's attempts.
      expect(
        (await post(`${web.url}/api/auth/local`, login, { localAddress: '127.0.0.2' })).status,
      ).toBe(400);
    } finally {
      await web.stop();
      await cms.stop();
    }
  }, 300_000); // run alone, this file makes the run's seeded template first
});
