import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleGraphqlPost } from '../../sw/graphql-cache';
import { cacheableOperationName } from '../../src/lib/graphql-cache-key';
import { APP_DOCUMENTS, withAlias } from '../support/app-graphql-documents';
import { fakeCaches } from '../support/fake-cache-storage';
import { server } from '../support/msw';

// The worker keeps answers for the device's later users: only an answer to a document the app
// itself sends may be kept, keyed on that document's whole text. A page script that posts the
// app's operation name with its own selection (an alias where the menu was) must not change what
// anyone sees offline.

const QUERIES = APP_DOCUMENTS.filter(
  ({ text, operationName }) => cacheableOperationName({ query: text, operationName }) !== null,
);
const NEVER_KEPT = APP_DOCUMENTS.filter((document) => !QUERIES.includes(document));

function post(query: string, operationName: string, token: string | null = null) {
  return new Request(new URL('/graphql', location.origin), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, operationName, variables: { id: 'x1' } }),
  });
}

/** From now on the CMS answers every GraphQL request with `data`. */
const online = (data: JsonBodyType) =>
  server.use(http.post('*/graphql', () => HttpResponse.json({ data })));
/** From now on the CMS cannot be reached (a network error). */
const offline = () => server.use(http.post('*/graphql', () => HttpResponse.error()));

let caches: ReturnType<typeof fakeCaches>;
const keptKeys = () => [...(caches.stores.get('graphql-v1')?.keys() ?? [])];

async function askOffline(query: string, operationName: string, token?: string) {
  offline();
  return handleGraphqlPost(post(query, operationName, token)).then(
    async (response) => ((await response.json()) as { data: unknown }).data,
    () => 'refused',
  );
}

describe("the worker's GraphQL cache and the app's own documents", () => {
  beforeEach(() => {
    caches = fakeCaches();
    vi.stubGlobal('caches', caches);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('knows every document the app sends', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(30);
    expect(NEVER_KEPT.some(({ operation }) => operation === 'mutation')).toBe(true);
  });

  it.each(QUERIES)('keeps and answers offline with $name', async ({ text, operationName }) => {
    online({ real: operationName });
    await handleGraphqlPost(post(text, operationName));
    expect(keptKeys()).toHaveLength(1);
    expect(await askOffline(text, operationName)).toEqual({ real: operationName });
  });

  it.each(QUERIES)(
    'neither keeps nor answers offline $name with one alias added',
    async ({ text, operationName }) => {
      const forged = withAlias(text);
      online({ real: operationName });
      await handleGraphqlPost(post(text, operationName));
      await handleGraphqlPost(post(text, operationName, 'teacher-token'));
      const kept = keptKeys().sort();

      // Online, the forged question reaches the CMS; its answer is not kept, for anyone.
      online({ forged: true });
      expect(
        ((await (await handleGraphqlPost(post(forged, operationName))).json()) as { data: unknown })
          .data,
      ).toEqual({ forged: true });
      await handleGraphqlPost(post(forged, operationName, 'teacher-token'));
      expect(keptKeys().sort()).toEqual(kept);

      // Offline, the forged question gets nothing from the cache, and the app's own still gets the CMS's answer.
      expect(await askOffline(forged, operationName)).toBe('refused');
      expect(await askOffline(forged, operationName, 'teacher-token')).toBe('refused');
      expect(await askOffline(text, operationName)).toEqual({ real: operationName });
      expect(await askOffline(text, operationName, 'teacher-token')).toEqual({
        real: operationName,
      });
    },
  );

  it.each(NEVER_KEPT)(
    'never keeps $name (a mutation, a sync pull or a draft), aliased or not',
    async ({ text, operationName }) => {
      online({ real: operationName });
      await handleGraphqlPost(post(text, operationName));
      await handleGraphqlPost(post(withAlias(text), operationName));
      expect(keptKeys()).toEqual([]);
    },
  );

  it('notes on a kept answer the page that asked for it, for the device search to open', async () => {
    const { text, operationName } = QUERIES[0]!;
    online({ real: operationName });
    await handleGraphqlPost(
      post(text, operationName),
      Promise.resolve('/primary/sound-explorers/unit/u1'),
    );
    const cache = await caches.open('graphql-v1');
    const [key] = await cache.keys();
    expect((await cache.match(key!))!.headers.get('X-Page')).toBe(
      '/primary/sound-explorers/unit/u1',
    );
  });

  it('keeps nothing for a document the app never sends, whatever it is called', async () => {
    online({ audiences: [{ title: 'Forged menu' }] });
    const names = [...new Set(QUERIES.map(({ operationName }) => operationName))];
    for (const name of names)
      await handleGraphqlPost(post(`query ${name} { audiences: programmes { title } }`, name));
    expect(keptKeys()).toEqual([]);
  });
});
