// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer } from '../../server/web-server.mjs';
import { postStreamed, type StreamedOptions } from './support/post-streamed';

// A 5 MB body through the web server gets the CMS's 413, not 502 "The content service is
// unavailable". This stand-in upstream refuses a body over 1 MiB the way the CMS does (answers 413
// at once and hangs up without reading the rest); the real CMS is tried the same way in
// tests/cms/limits.cms.test.ts.
const MIB = 1024 * 1024;
let upstream: Server;
let web: Awaited<ReturnType<typeof startWebServer>>;
let distDir: string;
let upstreamRequests = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    upstreamRequests += 1;
    const limit = req.headers['content-type']?.startsWith('multipart/') ? Infinity : MIB;
    const refuse = () => {
      res.writeHead(413, { 'Content-Type': 'application/json' });
      res.end('{"error":{"status":413}}', () => req.socket.destroy());
    };
    if (Number(req.headers['content-length'] ?? 0) > limit) return refuse();
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit && !res.headersSent) {
        req.pause();
        refuse();
      }
    });
    req.on('end', () => {
      if (res.headersSent) return;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ size }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  distDir = scratchDir('web-server-limits-');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
  web = await startWebServer({
    distDir,
    cmsUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
  });
});

afterAll(async () => {
  await web?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
  rmSync(distDir, { recursive: true, force: true });
});

const post = (path: string, size: number, options?: StreamedOptions) =>
  postStreamed(new URL(path, web.url), size, options);

describe('web server request bodies', () => {
  it('answers a 5 MB body with 413 and a clear message, without passing it to the CMS', async () => {
    const before = upstreamRequests;
    const answer = await post('/graphql', 5_000_000);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      data: null,
      error: {
        status: 413,
        name: 'PayloadTooLargeError',
        message: 'The request is too large: the content service accepts at most 1 MB.',
      },
    });
    expect(upstreamRequests).toBe(before);
  });

  it('answers a 5 MB chunked body with 413 once the limit has gone by', async () => {
    const answer = await post('/api/playlists', 5_000_000, { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/too large/);
  });

  it('passes bodies within the limit, and uploads up to the upload limit', async () => {
    expect(await post('/graphql', 900_000)).toEqual({
      status: 200,
      body: JSON.stringify({ size: 900_000 }),
    });
    expect(await post('/api/playlists', 900_000, { chunked: true })).toEqual({
      status: 200,
      body: JSON.stringify({ size: 900_000 }),
    });
    const upload = await post('/api/upload', 3 * MIB, {
      chunked: true,
      type: 'multipart/form-data; boundary=x',
    });
    expect(upload).toEqual({ status: 200, body: JSON.stringify({ size: 3 * MIB }) });
  });
});
