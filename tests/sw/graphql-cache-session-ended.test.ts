import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, handleGraphqlPost } from '../../sw/graphql-cache';
import { partitionOfKey, sessionPartition } from '../../src/lib/graphql-cache-key';
import { APP_DOCUMENTS } from '../support/app-graphql-documents';
import { fakeCaches } from '../support/fake-cache-storage';
import { server } from '../support/msw';

// On a shared school device nothing of a teacher's stays after logging out, not even an answer
// that was on its way then (the downloaded lesson's background check): the worker must not store
// it after the page's purge, where the next person would find it (e2e/shared-device.spec.ts).

// One of the app's own documents: the worker caches no other.
const SLIDES = {
  operationName: 'SlideShow',
  query: APP_DOCUMENTS.find(({ name }) => name.endsWith(' SLIDE_SHOW'))!.text,
  variables: { id: 's1' },
};

function ask(token: string | null, body: object = SLIDES) {
  return new Request(new URL('/graphql', location.origin), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A CMS whose answers the test releases one by one; `asked` holds the requests it received. */
function heldNetwork() {
  const waiting: (() => void)[] = [];
  const asked: Request[] = [];
  server.use(
    http.post('*/graphql', ({ request }) => {
      asked.push(request);
      return new Promise<Response>((resolve) => {
        waiting.push(() =>
          resolve(HttpResponse.json({ data: { slideShow: { title: 'Paid slides' } } })),
        );
      });
    }),
  );
  return { asked, release: () => waiting.shift()?.() };
}

// The worker's memory of ended sessions lasts as long as the module: each test uses its own tokens.
let caches: ReturnType<typeof fakeCaches>;
const partitionsKept = () =>
  [...(caches.stores.get('graphql-v1')?.keys() ?? [])].map((url) => partitionOfKey(url));

describe('the worker and a session that has ended', () => {
  beforeEach(() => {
    caches = fakeCaches();
    vi.stubGlobal('caches', caches);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('does not keep an answer that arrives after the page ended its session', async () => {
    const network = heldNetwork();
    const answering = handleGraphqlPost(ask('teacher-token'));
    await vi.waitFor(() => expect(network.asked).toHaveLength(1));

    await endSession(await sessionPartition('teacher-token'));
    network.release();

    // The page that asked still gets its answer; the device keeps nothing of it.
    expect(((await (await answering).json()) as { data: unknown }).data).toEqual({
      slideShow: { title: 'Paid slides' },
    });
    expect(partitionsKept()).toEqual([]);
  });

  it('removes what it kept for that session, and keeps public answers and the next session', async () => {
    const network = heldNetwork();
    const asks = [handleGraphqlPost(ask('another-teacher-token')), handleGraphqlPost(ask(null))];
    await vi.waitFor(() => expect(network.asked).toHaveLength(2));
    network.release();
    network.release();
    await Promise.all(asks);
    expect(partitionsKept().sort()).toEqual(
      ['anon', await sessionPartition('another-teacher-token')].sort(),
    );

    await endSession(await sessionPartition('another-teacher-token'));
    expect(partitionsKept()).toEqual(['anon']);

    // The next teacher to sign in on the device is cached as usual.
    const next = handleGraphqlPost(ask('next-teacher-token'));
    await vi.waitFor(() => expect(network.asked).toHaveLength(3));
    network.release();
    await next;
    expect(partitionsKept().sort()).toEqual(
      ['anon', await sessionPartition('next-teacher-token')].sort(),
    );
  });

  it('never ends the anonymous partition', async () => {
    const network = heldNetwork();
    await endSession('anon');
    const visitor = handleGraphqlPost(ask(null));
    await vi.waitFor(() => expect(network.asked).toHaveLength(1));
    network.release();
    await visitor;
    expect(partitionsKept()).toEqual(['anon']);
  });
});
