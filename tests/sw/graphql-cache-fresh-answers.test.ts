import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ONLY_HEADER } from '../../src/lib/sw-messages';
import { handleGraphqlPost, takesGraphqlRequest } from '../../sw/graphql-cache';
import { APP_DOCUMENTS } from '../support/app-graphql-documents';
import { fakeCaches } from '../support/fake-cache-storage';
import { server } from '../support/msw';

// A fallback is for pages, never for the code that decides what a download holds: a download,
// an update and a freshness check must get the CMS's answer now or know that they did not. And
// the worker's own write never decides the answer: a full device still gets the fresh one.

const LESSON =
  APP_DOCUMENTS.find(({ operationName }) => operationName === 'LessonSlideShow') ??
  APP_DOCUMENTS[0]!;

function post(headers: Record<string, string> = {}) {
  return new Request(new URL('/graphql', location.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({
      query: LESSON.text,
      operationName: LESSON.operationName,
      variables: { id: 'l1' },
    }),
  });
}

/** From now on the CMS answers the lesson with `version`. */
const answering = (version: string) =>
  server.use(http.post('*/graphql', () => HttpResponse.json({ data: { version } })));
const dataOf = async (response: Response) => ((await response.json()) as { data: unknown }).data;

let caches: ReturnType<typeof fakeCaches>;

beforeEach(() => {
  caches = fakeCaches();
  vi.stubGlobal('caches', caches);
});
afterEach(() => vi.unstubAllGlobals());

async function keepOldAnswer() {
  answering('old');
  await handleGraphqlPost(post());
  expect(caches.stores.get('graphql-v1')?.size).toBe(1);
}

describe('answers that must be fresh', () => {
  it('a network-only request is left to the browser, so it can never be answered from the cache', async () => {
    await keepOldAnswer();
    expect(takesGraphqlRequest(post({ [NETWORK_ONLY_HEADER]: '1' }))).toBe(false);
    // A page's own read is the worker's, and gets the kept answer when the CMS cannot be reached.
    expect(takesGraphqlRequest(post())).toBe(true);
    server.use(http.post('*/graphql', () => HttpResponse.error()));
    expect(await dataOf(await handleGraphqlPost(post()))).toEqual({ version: 'old' });
  });

  it('a full device in the worker’s own write still answers the fresh answer, and says the device is full', async () => {
    await keepOldAnswer();
    const key = [...(caches.stores.get('graphql-v1')?.keys() ?? [])][0]!;
    const full = fakeCaches({ failPutFor: key });
    await (await full.open('graphql-v1')).put('other', new Response('x'));
    full.stores.set('graphql-v1', caches.stores.get('graphql-v1')!);
    vi.stubGlobal('caches', full);
    const told: unknown[] = [];
    vi.stubGlobal('clients', {
      matchAll: async () => [{ postMessage: (message: unknown) => told.push(message) }],
    });

    answering('new');
    expect(await dataOf(await handleGraphqlPost(post()))).toEqual({ version: 'new' });
    expect(told).toEqual([{ type: 'STORAGE_FULL', store: 'graphql' }]);
  });
});
