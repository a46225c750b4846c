import { vi } from 'vitest';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../src/lib/auth/auth-store';
import { db, type DownloadRecord } from '../../../src/lib/db/database';
import type { DownloadPlan } from '../../../src/lib/offline/download-plan';
import { fakeCaches } from '../../support/fake-cache-storage';

/**
 * A CMS and file server stand-in for download tests: GraphQL answers by variables, media files
 * of a given size (streamed in 1 KB chunks, with a Content-Length), HEAD answered with the size
 * only, and the browser's online flag under the test's control.
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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!kit.online) throw new TypeError('Failed to fetch');
      if (url.endsWith('/graphql')) {
        kit.graphql.push({ networkOnly: new Headers(init?.headers).get('x-network-only') === '1' });
        const body = JSON.parse(String(init?.body)) as { variables: Record<string, unknown> };
        return Response.json({ data: kit.answers[JSON.stringify(body.variables)] ?? null });
      }
      const size = kit.sizes[url] ?? 1024;
      if (init?.method === 'HEAD') {
        kit.heads.push(url);
        return new Response(null, { status: 200, headers: { 'content-length': String(size) } });
      }
      await kit.beforeFetch?.(url);
      if (url === kit.failFetchFor) throw new TypeError('Failed to fetch');
      kit.fetched.push(url);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < size; sent += 1024)
            controller.enqueue(new Uint8Array(Math.min(1024, size - sent)));
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-length': String(size) } });
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
