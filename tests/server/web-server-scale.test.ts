// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsTargets, startWebServer } from '../../server/web-server.mjs';

// Several CMS instances behind the web server (comma-separated CMS URLs), taken in turn, and
// media read from object storage (MEDIA_ORIGIN) on the same origin.
const upstreams: Server[] = [];
const urls: string[] = [];
let web: Awaited<ReturnType<typeof startWebServer>>;
let withMedia: Awaited<ReturnType<typeof startWebServer>>;
let distDir: string;

beforeAll(async () => {
  for (const name of ['a', 'b', 'bucket']) {
    const upstream = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ name, url: req.url, host: req.headers.host }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreams.push(upstream);
    urls.push(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  }
  distDir = scratchDir('web-server-rr-test-');
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
  web = await startWebServer({ distDir, cmsUrl: ` ${urls[0]}, ${urls[1]},`, mediaOrigin: '' });
  withMedia = await startWebServer({
    distDir,
    cmsUrl: urls[0]!,
    mediaOrigin: `${urls[2]}/media-bucket`,
  });
});

afterAll(async () => {
  await web?.stop();
  await withMedia?.stop();
  for (const upstream of upstreams) await new Promise((resolve) => upstream.close(resolve));
  rmSync(distDir, { recursive: true, force: true });
});

describe('web server with several CMS instances', () => {
  it('parses one URL or a comma-separated list', () => {
    expect(cmsTargets('http://cms:1337').targets).toEqual(['http://cms:1337']);
    expect(cmsTargets('http://a:1, http://b:2 ,').targets).toEqual(['http://a:1', 'http://b:2']);
    expect(() => cmsTargets(' , ')).toThrow();
  });

  it('sends the proxied paths to the instances in turn, path intact', async () => {
    const seen: string[] = [];
    for (const path of ['/graphql', '/api/users/me', '/uploads/a.mp3', '/documents/4']) {
      const answer = (await (await fetch(`${web.url}${path}`)).json()) as {
        name: string;
        url: string;
      };
      expect(answer.url).toBe(path);
      seen.push(answer.name);
    }
    expect(seen).toEqual(['a', 'b', 'a', 'b']);
  });

  it('reads /uploads from object storage when MEDIA_ORIGIN is set, other CMS paths from the CMS', async () => {
    const media = (await (await fetch(`${withMedia.url}/uploads/song_ab12.mp3`)).json()) as {
      name: string;
      url: string;
      host: string;
    };
    expect(media).toEqual({
      name: 'bucket',
      url: '/media-bucket/song_ab12.mp3',
      host: new URL(urls[2]!).host,
    });
    const api = (await (await fetch(`${withMedia.url}/api/users/me`)).json()) as { name: string };
    expect(api.name).toBe('a');
    // Writes never go to the bucket.
    const post = (await (await fetch(`${withMedia.url}/uploads/x`, { method: 'POST' })).json()) as {
      name: string;
    };
    expect(post.name).toBe('a');
  });

  it('keeps serving the app itself', async () => {
    expect(await (await fetch(`${web.url}/primary`)).text()).toContain('shell');
  });
});
