import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { checkForNewerVersion, updateDownload } from '../../../src/lib/offline/download-freshness';
import {
  removeAllDownloads,
  removeDownload,
  startDownload,
  verifyDownload,
} from '../../../src/lib/offline/download-manager';
import { DownloadError } from '../../../src/lib/offline/download-error';
import type { DownloadPlan } from '../../../src/lib/offline/download-plan';
import { fakeCaches } from '../../support/fake-cache-storage';
import { server } from '../../support/msw';
import { clearOfflineTables, lessonPlan } from './offline-test-kit';

let ANSWERS: Record<string, unknown> = {};
const FIRST_ANSWERS: Record<string, unknown> = {
  '{"id":"lesson-1"}': {
    lesson: {
      slides: [
        { url: '/uploads/shared.mp3', size: 1 },
        { url: '/uploads/one.jpg', size: 1 },
      ],
    },
  },
  '{"id":"lesson-2"}': {
    lesson: {
      slides: [
        { url: '/uploads/shared.mp3', size: 1 },
        { url: '/uploads/two.jpg', size: 1 },
      ],
    },
  },
};

let fetched: string[] = [];
let caches: ReturnType<typeof fakeCaches>;
let failFetchFor: string | null = null;
/** Every request for a media file (GET or HEAD), in order. */
let mediaRequests: Request[] = [];

beforeEach(async () => {
  await clearOfflineTables();
  localStorage.setItem('user', JSON.stringify({ id: 7, email: 'teacher@demo.school' }));
  localStorage.setItem('auth', 'token');
  fetched = [];
  failFetchFor = null;
  mediaRequests = [];
  ANSWERS = { ...FIRST_ANSWERS };
  caches = fakeCaches();
  vi.stubGlobal('caches', caches);
  server.use(
    http.post('*/graphql', async ({ request }) => {
      const body = (await request.json()) as { variables: Record<string, unknown> };
      return HttpResponse.json({
        data: ANSWERS[JSON.stringify(body.variables)] as JsonBodyType,
      });
    }),
    http.all('*/uploads/*', ({ request }) => {
      const path = new URL(request.url).pathname;
      mediaRequests.push(request);
      if (path === failFetchFor) return HttpResponse.error();
      // The free-space check asks the size of files the CMS gave none for.
      if (request.method === 'HEAD')
        return new HttpResponse(null, { headers: { 'content-length': '1024' } });
      fetched.push(path);
      return new HttpResponse(new Uint8Array(1024), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the download manager', () => {
  it('stores the answers and each media file once, even when two lessons share it', async () => {
    expect((await startDownload(lessonPlan('lesson-1'))).status).toBe('complete');
    expect((await startDownload(lessonPlan('lesson-2'))).status).toBe('complete');
    expect(fetched.sort()).toEqual(['/uploads/one.jpg', '/uploads/shared.mp3', '/uploads/two.jpg']);
    // Past the HTTP cache, whose partial entries (a video that played a little) answer 206.
    expect(mediaRequests.map((request) => request.cache)).toEqual([
      'no-store',
      'no-store',
      'no-store',
    ]);
    expect((await db.media.get('/uploads/shared.mp3'))?.usedBy).toHaveLength(2);
    expect(await db.documents.count()).toBe(2);
  });

  it('removing one lesson frees only what no other download uses', async () => {
    await startDownload(lessonPlan('lesson-1'));
    await startDownload(lessonPlan('lesson-2'));
    await removeDownload('7:lesson:lesson-1');
    const store = caches.stores.get('media-downloads')!;
    expect([...store.keys()].sort()).toEqual(['/uploads/shared.mp3', '/uploads/two.jpg']);
    expect(await verifyDownload((await db.downloads.get('7:lesson:lesson-2'))!)).toBe('complete');
    await removeAllDownloads('7');
    expect(store.size).toBe(0);
    expect(await db.documents.count()).toBe(0);
  });

  it('resumes after a lost connection without fetching finished files again', async () => {
    failFetchFor = '/uploads/one.jpg';
    const interrupted = await startDownload(lessonPlan('lesson-1'));
    expect(interrupted.status).toBe('failed');
    expect(fetched).toEqual(['/uploads/shared.mp3']);

    failFetchFor = null;
    const resumed = await startDownload(lessonPlan('lesson-1'));
    expect(resumed.status).toBe('complete');
    expect(fetched).toEqual(['/uploads/shared.mp3', '/uploads/one.jpg']);
  });

  it('stops and removes what it stored alone when the device runs out of space', async () => {
    await startDownload(lessonPlan('lesson-2'));
    caches = fakeCaches({ failPutFor: '/uploads/one.jpg' });
    // Keep what lesson 2 stored in the new stand-in, as the real Cache Storage would.
    caches.stores.set(
      'media-downloads',
      new Map([
        ['/uploads/shared.mp3', new Response('x')],
        ['/uploads/two.jpg', new Response('x')],
      ]),
    );
    vi.stubGlobal('caches', caches);

    await expect(startDownload(lessonPlan('lesson-1'))).rejects.toThrow(DownloadError);
    expect(await db.downloads.get('7:lesson:lesson-1')).toBeUndefined();
    expect([...caches.stores.get('media-downloads')!.keys()].sort()).toEqual([
      '/uploads/shared.mp3',
      '/uploads/two.jpg',
    ]);
    expect((await db.media.get('/uploads/shared.mp3'))?.usedBy).toEqual(['7:lesson:lesson-2']);
  });

  it("stores a plan's own files (a playlist's audio) and, downloaded again with fewer, lets go of the rest", async () => {
    const playlist = (audio: string[], lessons: string[]): DownloadPlan => ({
      kind: 'playlist',
      contentId: 'p1',
      title: 'Monday',
      path: '/playlists/p1',
      media: [...audio, 'https://elsewhere.example/not-ours.mp3'].map((url) => ({ url, bytes: 0 })),
      version: [...audio, ...lessons].join(','),
      collect: async (run) => {
        for (const id of lessons)
          await run(`query LessonSlideShow($id: ID!) { lesson(id: $id) { slides { url size } } }`, {
            id,
          });
      },
    });
    const first = await startDownload(playlist(['/uploads/song.mp3'], ['lesson-1']));
    expect(first.status).toBe('complete');
    expect(first.version).toBe('/uploads/song.mp3,lesson-1');
    expect(fetched.sort()).toEqual([
      '/uploads/one.jpg',
      '/uploads/shared.mp3',
      '/uploads/song.mp3',
    ]);

    const second = await startDownload(playlist([], ['lesson-2']));
    expect(second.version).toBe('lesson-2');
    const store = caches.stores.get('media-downloads')!;
    expect([...store.keys()].sort()).toEqual(['/uploads/shared.mp3', '/uploads/two.jpg']);
    expect(await db.documents.count()).toBe(1);
    expect(await db.media.get('/uploads/song.mp3')).toBeUndefined();
  });

  it('tells when the CMS has a newer answer, and an update stores only the new files and drops the old', async () => {
    const record = await startDownload(lessonPlan('lesson-1'));
    expect(await checkForNewerVersion(record)).toBe('current');

    ANSWERS['{"id":"lesson-1"}'] = {
      lesson: {
        slides: [
          { url: '/uploads/shared.mp3', size: 1 },
          { url: '/uploads/new.jpg', size: 1 },
        ],
      },
    };
    expect(await checkForNewerVersion(record)).toBe('newer');
    fetched = [];
    await updateDownload(record);
    expect(fetched).toEqual(['/uploads/new.jpg']);
    const updated = (await db.downloads.get(record.id))!;
    expect(updated.status).toBe('complete');
    expect(updated.mediaUrls.sort()).toEqual(['/uploads/new.jpg', '/uploads/shared.mp3']);
    expect([...caches.stores.get('media-downloads')!.keys()].sort()).toEqual([
      '/uploads/new.jpg',
      '/uploads/shared.mp3',
    ]);
    expect(await checkForNewerVersion(updated)).toBe('current');
  });

  it('an update the CMS or its files fail part-way changes nothing, and says the downloaded version is unchanged', async () => {
    const record = await startDownload(lessonPlan('lesson-1'));
    const before = (await db.documents.toArray()).map((document) => document.data);
    ANSWERS['{"id":"lesson-1"}'] = { lesson: { slides: [{ url: '/uploads/new.jpg', size: 1 }] } };

    // The CMS cannot be reached while its files still can: this handler goes first, and with
    // `cmsDown` false it answers nothing, so the CMS's own handler answers again.
    let cmsDown = true;
    server.use(http.post('*/graphql', () => (cmsDown ? HttpResponse.error() : undefined)));
    expect(await updateDownload(record)).toMatchObject({ updated: false });
    expect((await db.documents.toArray()).map((document) => document.data)).toEqual(before);
    expect((await db.downloads.get(record.id))!.status).toBe('complete');

    cmsDown = false;
    failFetchFor = '/uploads/new.jpg';
    const outcome = await updateDownload(record);
    expect(!outcome.updated && outcome.message).toContain('Your downloaded version is unchanged.');
    expect((await db.documents.toArray()).map((document) => document.data)).toEqual(before);
    expect((await db.downloads.get(record.id))!.status).toBe('complete');

    failFetchFor = null;
    expect(await updateDownload((await db.downloads.get(record.id))!)).toEqual({ updated: true });
    expect((await db.downloads.get(record.id))!.status).toBe('complete');
  });
});
