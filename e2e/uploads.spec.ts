import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { MEDIA_FILE_CSP, SERVED_FILE_CSP } from '@music-classroom/shared/upload-types';
import { expect, test } from './support/fixtures';
import { storeSubscriberSession } from './support/session';
import { ALLOWED, REFUSED, STORED_HOSTILE, type CorpusFile } from './support/upload-corpus';

/**
 * An editor's upload must never run script on either origin. Hostile files the media library
 * stores (a PDF with JavaScript, a PNG/HTML polyglot, WebVTT with HTML in it) are uploaded as the
 * demo Editor; hostile files from before the allow-list (HTML, SVG, XHTML, XML, JS, HTML named
 * .png, ...) are written straight into the e2e CMS's upload folder. Each is opened by a signed-in
 * teacher's browser on the app's origin, through the app's /documents/{id} link when it has a
 * row, and on the CMS's own origin: none of its script runs (each would set the page's title to
 * `XSS:{id}`, log it to the console, write local storage, post on a BroadcastChannel or open a dialog), and every answer
 * carries the served-file headers (packages/shared/upload-types.mjs). Real media still displays.
 */

const EDITOR = { email: 'editor@demo.school', password: 'Editor12345' };

const cmsUrl = () => {
  const url = process.env.E2E_CMS_URL;
  if (!url) throw new Error('E2E_CMS_URL is not set: run the suite with `npx playwright test`.');
  return url;
};

interface Stored {
  id: number;
  url: string;
  mime: string;
}

/** The demo Editor signed in to the admin panel's API; uploads as the panel does. */
async function signInAsEditor(request: APIRequestContext) {
  const login = await request.post(`${cmsUrl()}/admin/login`, { data: EDITOR });
  expect(login.ok(), `editor login: ${await login.text()}`).toBe(true);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return async (file: CorpusFile): Promise<Stored> => {
    const response = await request.post(`${cmsUrl()}/upload`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        files: {
          name: file.filename,
          mimeType: file.declared || 'application/octet-stream',
          buffer: file.bytes,
        },
      },
    });
    expect(response.status(), `${file.label}: ${await response.text()}`).toBe(201);
    return ((await response.json()) as Stored[])[0]!;
  };
}

/** The document's title as the browser keeps it (read without running script in the page). */
async function titleOf(context: BrowserContext, page: Page): Promise<string> {
  const cdp = await context.newCDPSession(page);
  const { entries, currentIndex } = await cdp.send('Page.getNavigationHistory');
  await cdp.detach();
  return entries[currentIndex]?.title ?? '';
}

interface Opened {
  download: boolean;
  title: string;
  /** Dialogs, console lines and errors the page's own script caused: none may appear. */
  ran: string[];
}

/** Opens a URL in a new tab of the teacher's browser, as following a link would. */
async function open(context: BrowserContext, url: string, downloads: boolean): Promise<Opened> {
  const page = await context.newPage();
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => ran.push(`console: ${message.text()}`));
  page.on('pageerror', (error) => ran.push(`error: ${error.message}`));
  let download = false;
  if (downloads) {
    const [started] = await Promise.all([
      page.waitForEvent('download'),
      page.goto(url).catch(() => null),
    ]);
    download = Boolean(started);
    await started.cancel();
  } else {
    await page.goto(url);
    await page.waitForLoadState('load');
  }
  // Long enough for an onload handler or a deferred script to have run.
  await page.waitForTimeout(150);
  const title = await titleOf(context, page);
  await page.close();
  return {
    download,
    title,
    ran: ran.filter((line) => line.includes('XSS') || line.startsWith('dialog')),
  };
}

const DISPLAYED = /^(image\/(png|jpeg|gif|webp|avif)|audio\/|video\/|text\/vtt)/;

test.describe('uploaded files never run script', () => {
  test.use({ serviceWorkers: 'block' });

  test('no stored or old upload runs script on the app origin, through /documents, or on the CMS origin', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const targets: { label: string; path: string; documentId?: number }[] = [];
    const upload = await signInAsEditor(request);
    for (const file of STORED_HOSTILE) {
      const stored = await upload(file);
      targets.push({ label: file.label, path: stored.url, documentId: stored.id });
    }
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir)
      throw new Error('E2E_DATA_DIR is not set: run the suite with `npx playwright test`.');
    for (const file of REFUSED) {
      const name = `legacy-${file.id}-${file.filename.replace(/[^\w.-]/g, '_')}`;
      writeFileSync(join(dataDir, 'public', 'uploads', name), file.bytes);
      targets.push({ label: `old upload: ${file.label}`, path: `/uploads/${name}` });
    }

    // A signed-in teacher's app, listening for any word from a hostile file.
    await storeSubscriberSession(page);
    await page.goto('/');
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { xssSeen: unknown[] }).xssSeen = seen;
      new BroadcastChannel('xss').onmessage = (event) => seen.push(event.data);
      window.addEventListener('message', (event) => seen.push(event.data));
    });

    const origins = [
      { name: 'app', base: baseURL! },
      { name: 'CMS', base: cmsUrl() },
    ];
    let opened = 0;
    for (const target of targets) {
      for (const origin of origins) {
        const links = [
          target.path,
          ...(target.documentId ? [`/documents/${target.documentId}`] : []),
        ];
        for (const link of links) {
          const where = `${target.label} at ${origin.name} ${link}`;
          const answer = await request.get(`${origin.base}${link}`);
          expect(answer.status(), where).toBe(200);
          const headers = answer.headers();
          expect(headers['x-content-type-options'], where).toBe('nosniff');
          const downloads = !DISPLAYED.test(headers['content-type'] ?? '');
          expect(headers['content-security-policy'], where).toBe(
            downloads ? SERVED_FILE_CSP : MEDIA_FILE_CSP,
          );
          if (downloads) expect(headers['content-disposition'], where).toBe('attachment');
          if (link.startsWith('/documents/')) {
            const redirect = await request.get(`${origin.base}${link}`, { maxRedirects: 0 });
            expect(redirect.headers()['content-security-policy'], where).toBe(SERVED_FILE_CSP);
          }
          const result = await open(context, `${origin.base}${link}`, downloads);
          expect(result.title, where).not.toMatch(/XSS/);
          expect(result.ran, where).toEqual([]);
          expect(result.download, where).toBe(downloads);
          opened += 1;
        }
      }
    }
    expect(opened).toBe((STORED_HOSTILE.length * 2 + REFUSED.length) * 2);

    expect(
      await page.evaluate(() => (window as unknown as { xssSeen: unknown[] }).xssSeen),
    ).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('xss'))).toBeNull();
    const cmsPage = await context.newPage();
    await cmsPage.goto(`${cmsUrl()}/api/audiences`);
    expect(await cmsPage.evaluate(() => localStorage.getItem('xss'))).toBeNull();
  });

  test('real media an editor uploads is accepted, plays in a page on either origin, and shows when opened', async ({
    context,
    request,
    baseURL,
  }) => {
    const upload = await signInAsEditor(request);
    const files: Record<string, Stored> = {};
    for (const file of ALLOWED) files[file.filename.split('.').pop()!] = await upload(file);
    // A page of each origin plays them as the app (and the admin panel) does: in a media element.
    const hosts = [
      { base: baseURL!, page: '/' },
      { base: cmsUrl(), page: '/api/audiences' },
    ];
    for (const { base, page: hostPath } of hosts) {
      const host = await context.newPage();
      await host.goto(`${base}${hostPath}`);
      for (const media of [files.mp4!, files.wav!, files.mp3!]) {
        const duration = await host.evaluate(
          (url) =>
            new Promise<number>((resolve) => {
              const element = document.createElement(url.endsWith('.mp4') ? 'video' : 'audio');
              element.onloadedmetadata = () => resolve(element.duration);
              element.onerror = () => resolve(-1);
              element.src = url;
            }),
          media.url,
        );
        expect(duration, `${media.url} in a page at ${base}`).toBeGreaterThan(0);
      }
      const range = await host.evaluate(async (url) => {
        const response = await fetch(url, { headers: { Range: 'bytes=0-99' } });
        return [response.status, (await response.arrayBuffer()).byteLength];
      }, files.mp4!.url);
      expect(range, `a range request at ${base}`).toEqual([206, 100]);
      await host.close();

      // Opened in a tab of their own: the image shows, the film and the recording load.
      const image = await context.newPage();
      await image.goto(`${base}${files.png!.url}`);
      await expect
        .poll(() => image.evaluate(() => document.querySelector('img')?.naturalWidth ?? 0))
        .toBeGreaterThan(0);
      await image.close();
      for (const media of [files.mp4!, files.mp3!]) {
        const player = await context.newPage();
        await player.goto(`${base}${media.url}`);
        await expect
          .poll(
            () =>
              player.evaluate(
                () => document.querySelector<HTMLMediaElement>('video, audio')?.readyState ?? 0,
              ),
            `${media.url} at ${base}`,
          )
          .toBeGreaterThan(0);
        await player.close();
      }
      const pdf = await open(context, `${base}${files.pdf!.url}`, true);
      expect(pdf.download).toBe(true);
    }
  });
});
