import { http, HttpResponse, type JsonBodyType } from 'msw';
import { vi } from 'vitest';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../src/lib/auth/auth-store';
import { db, type DownloadRecord } from '../../../src/lib/db/database';
import type { DownloadPlan } from '../../../src/lib/offline/download-plan';
import { fakeCaches } from '../../support/fake-cache-storage';
import { mediaResponse, server } from '../../support/msw';

/**
 * A CMS and file server stand-in for download tests, as handlers on the shared MSW server:
 * GraphQL answers by variables, media files of a given size (streamed in 1 KB chunks, with a
 * Content-Length), HEAD answered with the size only, and the browser's online flag under the
 * test's control (offline, every request fails as fetch does, before it reaches either server).
 * Media URLs are kept as the app asked for them: a same-origin path, or the whole address.
 */
export function offlineTestKit() {
  const kit = {
    answers: {} as Record<string, unknown>,
    sizes: {} as Record<string, number>,
    /** GET requests for media, in order. */
    fetched: [] as string[],
    heads: [] as string[],
    /** Every GraphQL request, with whether it asked the worker for the network only. */
    graphql: [] as { networkOnly: boolean }[],
    failFetchFor: null as string | null,
    /** Runs before a media GET is answered (a test cancels, checks or hangs there). */
    beforeFetch: null as ((url: string) => void | Promise<void>) | null,
    online: true,
    caches: fakeCaches(),
  };
  localStorage.setItem('user', JSON.stringify({ id: 7, email: 'teacher@demo.school' }));
  localStorage.setItem('auth', 'token');
  vi.stubGlobal('caches', kit.caches);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => kit.online);
  server.use(
    // Online, this answers nothing and the next handler answers.
    http.all('*', () => (kit.online ? undefined : HttpResponse.error())),
    http.post('*/graphql', async ({ request }) => {
      kit.graphql.push({ networkOnly: request.headers.get('x-network-only') === '1' });
      const body = (await request.json()) as { variables: Record<string, unknown> };
      return HttpResponse.json({
        data: (kit.answers[JSON.stringify(body.variables)] ?? null) as JsonBodyType,
      });
    }),
    http.all('*', async ({ request }) => {
      const address = new URL(request.url);
      const url =
        address.origin === location.origin ? address.pathname + address.search : address.href;
      const size = kit.sizes[url] ?? 1024;
      if (request.method === 'HEAD') {
        kit.heads.push(url);
        return new HttpResponse(null, {
          status: 200,
          headers: { 'content-length': String(size) },
        });
      }
      await kit.beforeFetch?.(url);
      if (url === kit.failFetchFor) return HttpResponse.error();
      kit.fetched.push(url);
      return mediaResponse(size);
    }),
  );
  return kit;
}

/** For afterEach: takes back the kit's stubs and the session it stored. */
export function undoOfflineTestKit() {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
}

/** For screens: the kit's teacher signed in as an active subscriber, as the auth store has it. */
export function signInKitTeacher() {
  useAuthStore.setState({
    user: { id: 7, email: 'teacher@demo.school' },
    authToken: 'token',
    userRole: ACTIVE_SUBSCRIBER,
  });
}

export async function clearOfflineTables() {
  await Promise.all([db.documents.clear(), db.downloads.clear(), db.media.clear()]);
}

export const LESSON_QUERY =
  'query LessonSlideShow($id: ID!) { lesson(id: $id) { slides { url size } } }';

/** A lesson's plan: one query, whose answer names its files. */
export function lessonPlan(id: string): DownloadPlan {
  return {
    kind: 'lesson',
    contentId: id,
    title: `Lesson ${id}`,
    path: `/lessons/${id}`,
    collect: async (run) => {
      await run(LESSON_QUERY, { id });
    },
  };
}

/**
 * Lesson 1's download as a closed page left it: its answer stored (slides naming `files`, 1 KB
 * each) and its record, `progress` saying how far it got.
 */
export async function storeLessonLeftBehind(
  files: string[],
  progress: Partial<DownloadRecord> = {},
): Promise<string> {
  const id = '7:lesson:lesson-1';
  const key = '7:LessonSlideShow:{"id":"lesson-1"}';
  await db.documents.put({
    key,
    userId: '7',
    operationName: 'LessonSlideShow',
    variables: { id: 'lesson-1' },
    data: { lesson: { slides: files.map((url) => ({ url, size: 1 })) } },
    storedAt: 0,
  });
  await db.downloads.put(
    leftBehind({
      id,
      documentKeys: [key],
      mediaUrls: files,
      bytesTotal: files.length * 1024,
      ...progress,
    }),
  );
  return id;
}

/** A download record as a closed page or a reload left it. */
export function leftBehind(changes: Partial<DownloadRecord> & { id: string }): DownloadRecord {
  return {
    userId: '7',
    kind: 'lesson',
    contentId: changes.id.split(':')[2]!,
    title: 'Left behind',
    path: '/lessons/left',
    status: 'downloading',
    documentKeys: [],
    mediaUrls: [],
    bytesTotal: 0,
    bytesDone: 0,
    updatedAt: 0,
    ...changes,
  };
}
