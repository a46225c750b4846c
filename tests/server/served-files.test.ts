// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_FILE_CSP, SERVED_FILE_CSP } from '@music-classroom/shared/upload-types';
import { startWebServer } from '../../server/web-server.mjs';

// On the app's origin every stored file and /documents answer is a script-free sandbox, whatever
// the CMS or object storage sends: a hostile upload must not run beside the teacher's session.
// The stand-in upstream answers as carelessly as it can (HTML, a CSP allowing inline script).

let upstream: Server;
let upstreamUrl: string;
let web: Awaited<ReturnType<typeof startWebServer>>;
let webWithStorage: Awaited<ReturnType<typeof startWebServer>>;
let distDir: string;

const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt; charset=utf-8',
};
const CARELESS = {
  'Content-Type': 'text/html',
  'Content-Security-Policy': "script-src 'self' 'unsafe-inline'",
  'Content-Disposition': 'inline',
  'X-Content-Type-Options': 'sniff-away',
};

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url?.startsWith('/documents/')) {
      res.writeHead(302, { ...CARELESS, Location: '/uploads/file.pdf' });
      res.end();
      return;
    }
    const range = req.headers.range;
    if (range) {
      res.writeHead(206, {
        ...CARELESS,
        'Content-Type': 'video/mp4',
        'Content-Range': 'bytes 0-3/10',
        'Content-Length': '4',
      });
      res.end('<scr');
      return;
    }
    // Media is sent as itself; anything else, even a path named like media, as HTML.
    const media = /\/a\.(\w+)$/.exec(req.url ?? '')?.[1];
    res.writeHead(200, { ...CARELESS, ...(media ? { 'Content-Type': MEDIA_TYPES[media] } : {}) });
    res.end('<script>document.title="XSS"</script>');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  distDir = scratchDir('served-files-test-');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
  web = await startWebServer({ distDir, cmsUrl: upstreamUrl });
  webWithStorage = await startWebServer({
    distDir,
    cmsUrl: 'http://127.0.0.1:9',
    mediaOrigin: upstreamUrl,
  });
});

afterAll(async () => {
  await web?.stop();
  await webWithStorage?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
  rmSync(distDir, { recursive: true, force: true });
});

const DOWNLOADS = [
  '/uploads/html-named.png',
  '/uploads/old.html',
  '/uploads/old.svg',
  '/uploads/x.xhtml',
  '/uploads/x.xml',
  '/uploads/x.js',
  '/uploads/score.pdf',
  '/uploads/noext',
];
const DISPLAYED = [
  '/uploads/a.png',
  '/uploads/a.jpg',
  '/uploads/a.mp3',
  '/uploads/a.wav',
  '/uploads/a.mp4',
  '/uploads/a.webm',
  '/uploads/a.vtt',
];

describe('stored files on the app origin', () => {
  for (const [name, server] of [
    ['proxied from the CMS', () => web],
    ['proxied from object storage (MEDIA_ORIGIN)', () => webWithStorage],
  ] as const) {
    it(`every /uploads answer ${name} is a sandbox with nosniff; anything but media downloads`, async () => {
      let tried = 0;
      for (const path of [...DOWNLOADS, ...DISPLAYED]) {
        const response = await fetch(`${server().url}${path}`);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-security-policy'), path).toBe(
          DOWNLOADS.includes(path) ? SERVED_FILE_CSP : MEDIA_FILE_CSP,
        );
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(response.headers.get('content-disposition'), path).toBe(
          DOWNLOADS.includes(path) ? 'attachment' : 'inline',
        );
        tried += 1;
      }
      expect(tried).toBe(15);
    });
  }

  it('a range request for media still gets its partial answer, with the same headers', async () => {
    const response = await fetch(`${web.url}/uploads/a.mp4`, { headers: { Range: 'bytes=0-3' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-3/10');
    expect(response.headers.get('content-security-policy')).toBe(MEDIA_FILE_CSP);
  });

  it('a /documents answer carries them too', async () => {
    const response = await fetch(`${web.url}/documents/12`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('content-security-policy')).toBe(SERVED_FILE_CSP);
    expect(response.headers.get('content-disposition')).toBe('attachment');
  });
});
