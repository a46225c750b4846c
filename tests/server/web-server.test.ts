// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProxiedPath, startWebServer } from '../../server/web-server.mjs';

// A stand-in upstream that echoes what reached it: this tests the proxy, not the CMS.
let upstream: Server;
let upstreamUrl: string;
let web: Awaited<ReturnType<typeof startWebServer>>;
let distDir: string;
const ASSET_TEXT = 'console.log(1);'.repeat(200);

/** The bytes a response really carries, undecoded, and its headers. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ bytes: Buffer; headers: IncomingHttpHeaders }>((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ bytes: Buffer.concat(chunks), headers: response.headers }),
      );
    }).on('error', reject);
  });
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      // As Strapi's poweredBy middleware would.
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'X-Powered-By': 'Strapi <strapi.io>',
      });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          body,
          auth: req.headers.authorization ?? null,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  distDir = scratchDir('web-server-test-');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(distDir, 'sw.js'), 'self.x = 1;');
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), ASSET_TEXT);
  // The build writes a Brotli copy beside each asset (vite.config.ts).
  writeFileSync(join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET_TEXT));
  web = await startWebServer({ distDir, cmsUrl: upstreamUrl });
});

afterAll(async () => {
  await web?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
  rmSync(distDir, { recursive: true, force: true });
});

describe('web server', () => {
  it('proxies the four CMS paths with method, body and bearer token intact', async () => {
    const response = await fetch(`${web.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
      body: '{"query":"{ a }"}',
    });
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/graphql',
      body: '{"query":"{ a }"}',
      auth: 'Bearer t',
    });
    for (const path of ['/api/auth/local', '/uploads/a.mp3', '/documents/4']) {
      const answer = (await (await fetch(`${web.url}${path}`)).json()) as { url: string };
      expect(answer.url).toBe(path);
    }
  });

  it('names no server software on any answer, its own or a proxied one', async () => {
    for (const path of [
      '/graphql',
      '/api/nosuch',
      '/uploads/a.mp3',
      '/documents/4',
      '/',
      '/sw.js',
    ]) {
      expect((await fetch(`${web.url}${path}`)).headers.get('x-powered-by'), path).toBeNull();
    }
  });

  it('answers app routes with the shell, never cached, so deep links work', async () => {
    const response = await fetch(`${web.url}/primary/sing-up/unit/3`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>shell</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets as immutable and the worker as no-cache', async () => {
    const asset = await fetch(`${web.url}/assets/app-abc123.js`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    const worker = await fetch(`${web.url}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${web.url}/assets/missing.js`)).status).toBe(404);
  });

  it('sends a browser that accepts Brotli the build’s Brotli copy of an asset, byte for byte, and gzip to one that does not', async () => {
    const brotli = await rawGet(`${web.url}/assets/app-abc123.js`, 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.bytes.equals(brotliCompressSync(ASSET_TEXT))).toBe(true);
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    const gzip = await rawGet(`${web.url}/assets/app-abc123.js`, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(ASSET_TEXT);
    // A browser that refuses Brotli by name is not sent it, whatever else it accepts.
    const refused = await rawGet(`${web.url}/assets/app-abc123.js`, 'br;q=0, *');
    expect(refused.headers['content-encoding']).not.toBe('br');
    const plain = await rawGet(`${web.url}/assets/app-abc123.js`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(ASSET_TEXT);
  });

  it('marks no error answer under /assets as cacheable for a year: only the asset itself is', async () => {
    for (const encoding of ['gzip, deflate, br', 'identity']) {
      for (const [headers, status] of [
        [{ Range: 'bytes=999999-' }, 416],
        [{ 'If-Match': '"not-this-one"' }, 412],
      ] as const) {
        const answer = await fetch(`${web.url}/assets/app-abc123.js`, {
          headers: { 'Accept-Encoding': encoding, ...headers },
        });
        expect(answer.status, `${JSON.stringify(headers)} with ${encoding}`).toBe(status);
        expect(answer.headers.get('cache-control'), `${status} with ${encoding}`).toBe('no-store');
      }
    }
    const missing = await fetch(`${web.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it('sends security headers: a strict CSP on the app, no HSTS over plain http', async () => {
    const page = await fetch(`${web.url}/primary`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const behindTls = await fetch(`${web.url}/primary`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(behindTls.headers.get('strict-transport-security')).toContain('max-age=31536000');
    const health = await fetch(`${web.url}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
  });

  it('answers 502 with a JSON error when the CMS is down', async () => {
    const orphan = await startWebServer({ distDir, cmsUrl: 'http://127.0.0.1:9' });
    try {
      const response = await fetch(`${orphan.url}/graphql`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: { status: 502, message: 'The content service is unavailable' },
      });
    } finally {
      await orphan.stop();
    }
  });

  it('matches proxied paths by whole segment', () => {
    expect(isProxiedPath('/api')).toBe(true);
    expect(isProxiedPath('/api/x')).toBe(true);
    expect(isProxiedPath('/apiary')).toBe(false);
    expect(isProxiedPath('/graphqlx')).toBe(false);
  });
});
