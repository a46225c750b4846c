import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CACHE_NAMES } from '../../src/lib/sw-messages';
import { handleGraphqlPost } from '../../sw/graphql-cache';
import { APP_DOCUMENTS } from '../support/app-graphql-documents';
import { fakeCaches } from '../support/fake-cache-storage';
import { server } from '../support/msw';

// A page painted before the app runs may have been drawn from any answer the worker keeps: when
// the worker keeps one that differs from the one it held, every page snapshot goes. The same
// answer again, or an answer it never held, leaves them.

const HOME =
  APP_DOCUMENTS.find(({ operationName }) => operationName === 'learningResourcesHome') ??
  APP_DOCUMENTS[0]!;

const post = (variables: Record<string, unknown> = {}) =>
  new Request(new URL('/graphql', location.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: HOME.text, operationName: HOME.operationName, variables }),
  });

const answering = (title: string) =>
  server.use(http.post('*/graphql', () => HttpResponse.json({ data: { home: { title } } })));

let caches: ReturnType<typeof fakeCaches>;
const keepAPage = async () =>
  (await caches.open(CACHE_NAMES.pageSnapshots)).put('/', new Response('{}'));
const pagesKept = () => caches.stores.get(CACHE_NAMES.pageSnapshots)?.size ?? 0;

beforeEach(() => {
  caches = fakeCaches();
  vi.stubGlobal('caches', caches);
});
afterEach(() => vi.unstubAllGlobals());

it('a changed answer forgets every page snapshot; the same answer, or a first one, does not', async () => {
  answering('Music Classroom');
  await keepAPage();
  await handleGraphqlPost(post());
  expect(pagesKept()).toBe(1);
  await handleGraphqlPost(post());
  expect(pagesKept()).toBe(1);
  answering('Music Classroom: new term');
  await handleGraphqlPost(post());
  expect(pagesKept()).toBe(0);
});
