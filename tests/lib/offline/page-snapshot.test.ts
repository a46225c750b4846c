import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSession, clearSession } from '../../../src/lib/session/session-storage';
import { CACHE_NAMES, SNAPSHOT_HEADERS } from '../../../src/lib/sw-messages';
import { fakeCaches } from '../../support/fake-cache-storage';

// A page (home, a programme, a playlist) is kept as a snapshot only for the signed-in teacher, as
// it stands when nothing is open, loading or typed; any change to what the device holds forgets
// every page snapshot; and the painted one leaves only when the app's page has nothing loading.

const PAGE = '/playlists/p1';
const CONTENT = '<main class="site-main" id="main"><h1 id="h">Monday warm-ups</h1></main>';
let storage: ReturnType<typeof fakeCaches>;

/** The modules afresh: what a start painted is read once per page load. */
async function pageSnapshotModule() {
  vi.resetModules();
  return {
    ...(await import('../../../src/lib/offline/page-snapshot')),
    ...(await import('../../../src/lib/offline/snapshot-cover')),
  };
}

function drawPage(html = CONTENT, painted?: string) {
  document.head.innerHTML = '<link rel="stylesheet" href="/assets/index-a1.css">';
  document.body.innerHTML = `<script type="module" src="/assets/index-b2.js"></script>${
    painted === undefined ? '' : `<div class="snapshot-cover">${painted}</div>`
  }<div id="root">${html}</div>`;
  return document.getElementById('root')!;
}

async function kept() {
  if (!(await storage.has(CACHE_NAMES.pageSnapshots))) return [];
  const cache = await storage.open(CACHE_NAMES.pageSnapshots);
  return Promise.all(
    (await cache.keys()).map(async (request) => {
      const response = (await cache.match(request))!;
      return {
        address: new URL(request.url).pathname,
        shell: response.headers.get(SNAPSHOT_HEADERS.shell),
        user: response.headers.get(SNAPSHOT_HEADERS.user),
        markup: ((await response.json()) as { markup: string }).markup,
      };
    }),
  );
}

const signIn = (id = 7) => writeSession({ user: { id, email: 't@demo.school' }, token: 't' });

beforeEach(() => {
  storage = fakeCaches();
  vi.stubGlobal('caches', storage);
  history.replaceState(null, '', PAGE);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('keeping a page', () => {
  it('keeps the page of the signed-in teacher, by its address, for the build that drew it', async () => {
    const { keepPageSnapshot } = await pageSnapshotModule();
    await keepPageSnapshot(drawPage());
    expect(await kept()).toEqual([]);
    signIn();
    await keepPageSnapshot(drawPage());
    expect(await kept()).toEqual([
      {
        address: PAGE,
        shell: '/assets/index-b2.js',
        user: '7',
        markup: '<main class="site-main"><h1>Monday warm-ups</h1></main>',
      },
    ]);
  });

  it('keeps nothing at an address with a query, nor while anything is open, loading or typed', async () => {
    signIn();
    const { keepPageSnapshot } = await pageSnapshotModule();
    history.replaceState(null, '', `${PAGE}?q=samba`);
    await keepPageSnapshot(drawPage());
    history.replaceState(null, '', PAGE);
    for (const unsettled of [
      '<div role="dialog">Playlist details</div>',
      '<dialog open>Rename</dialog>',
      '<div class="spinner" role="status">Loading…</div>',
      '<button aria-expanded="true">Primary</button>',
      '<input type="search" value="sam">',
    ]) {
      const root = drawPage(`${CONTENT}${unsettled}`);
      const field = root.querySelector('input');
      if (field) field.value = 'sam';
      await keepPageSnapshot(root);
    }
    expect(await kept()).toEqual([]);
    // A spinner inside what a snapshot leaves out (the sync pill's own) does not count, nor a
    // read-only field holding the app's own text (a link to copy).
    await keepPageSnapshot(
      drawPage(
        `${CONTENT}<p data-snapshot-omit><span class="spinner"></span></p><input readonly value="https://app.example/at-home/x">`,
      ),
    );
    expect(await kept()).toHaveLength(1);
  });

  it('does not write again a page as it was last kept, but does after a forget', async () => {
    signIn();
    const { keepPageSnapshot, forgetPageSnapshots } = await pageSnapshotModule();
    const put = vi.spyOn(storage, 'open');
    await keepPageSnapshot(drawPage());
    const writes = put.mock.calls.length;
    await keepPageSnapshot(drawPage());
    expect(put.mock.calls.length).toBe(writes);
    await forgetPageSnapshots();
    expect(await kept()).toEqual([]);
    await keepPageSnapshot(drawPage());
    expect(await kept()).toHaveLength(1);
  });

  it('a page identical to the one this start painted is not written again', async () => {
    signIn();
    const { keepPageSnapshot, releaseSnapshot } = await pageSnapshotModule();
    const painted = '<main class="site-main"><h1>Monday warm-ups</h1></main>';
    const root = drawPage(CONTENT, painted);
    releaseSnapshot();
    await keepPageSnapshot(root);
    expect(await kept()).toEqual([]);
  });

  it('a forget while a page is being written undoes the write', async () => {
    signIn();
    const { keepPageSnapshot, forgetPageSnapshots, onPageSnapshotsForgotten } =
      await pageSnapshotModule();
    const told = vi.fn();
    onPageSnapshotsForgotten(told);
    const real = storage.open.bind(storage);
    let forgetting: Promise<void> | undefined;
    vi.spyOn(storage, 'open').mockImplementation(async (name) => {
      const cache = await real(name);
      // The forget lands between the page's read of the DOM and its write.
      forgetting ??= forgetPageSnapshots();
      return cache;
    });
    await keepPageSnapshot(drawPage());
    await forgetting;
    expect(await kept()).toEqual([]);
    expect(told).toHaveBeenCalledTimes(1);
  });
});

describe('forgotten at any change to what the device holds', () => {
  it('a write to any table a page shows forgets every page snapshot; the others do not', async () => {
    signIn();
    const { db } = await import('../../../src/lib/db/database');
    const { keepPageSnapshot } = await import('../../../src/lib/offline/page-snapshot');
    const keep = async () => {
      await storage.delete(CACHE_NAMES.pageSnapshots);
      // A new page each time, so it is written whatever was kept before.
      await keepPageSnapshot(drawPage(`${CONTENT}<p>${Math.random()}</p>`));
      expect(await kept()).toHaveLength(1);
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

    // What no page shows: the sync's bookkeeping, the downloads' files, the search index.
    await keep();
    await db.meta.put({ key: 'playlists-cursor:7', value: 'c2' });
    await db.media.put({ url: '/uploads/a.png', bytes: 1, usedBy: ['d1'], storedAt: 1 } as never);
    await db.searchIndex.clear();
    await settle();
    expect(await kept()).toHaveLength(1);

    const writes = [
      () =>
        db.playlists.put({
          clientId: 'p1',
          userId: '7',
          documentId: null,
          title: 'Monday warm-ups (Year 4)',
          audienceId: null,
          items: [],
        } as never),
      () => db.playlists.delete('p1'),
      () => db.downloads.clear(),
      () => db.outbox.clear(),
      () => db.notices.clear(),
      () => db.updates.clear(),
      () => db.documents.clear(),
    ];
    for (const write of writes) {
      await keep();
      await write();
      await settle();
      expect(await kept(), String(write)).toEqual([]);
    }
  });
});

describe('a start with no session', () => {
  it('forgets every snapshot on the device: they were drawn for someone no longer signed in here', async () => {
    const { forgetAllSnapshots } = await pageSnapshotModule();
    await (await storage.open(CACHE_NAMES.pageSnapshots)).put('/', new Response('{}'));
    await (
      await storage.open(CACHE_NAMES.slideSnapshots)
    ).put('/l/1/slides/a/1', new Response('{}'));
    expect(storage.stores.size).toBe(2);
    await forgetAllSnapshots();
    expect(await storage.has(CACHE_NAMES.pageSnapshots)).toBe(false);
    expect(await storage.has(CACHE_NAMES.slideSnapshots)).toBe(false);
  });
});

describe('the app taking over from a painted page', () => {
  const painted = '<main class="site-main"><h1>Monday warm-ups</h1></main>';

  it('leaves in the same frame when the page has nothing loading, and marks nothing when they match', async () => {
    const { pageDrawn, SNAPSHOT_DIFFERED_MARK } = await pageSnapshotModule();
    performance.clearMarks();
    const root = drawPage(CONTENT, painted);
    pageDrawn(root);
    expect(document.querySelector('.snapshot-cover')).toBeNull();
    expect(performance.getEntriesByName(SNAPSHOT_DIFFERED_MARK)).toEqual([]);
  });

  it('waits while part of the page is loading, then leaves; a page that differs is marked', async () => {
    const { pageDrawn, SNAPSHOT_DIFFERED_MARK } = await pageSnapshotModule();
    performance.clearMarks();
    const root = drawPage(
      `<main class="site-main"><h1>Monday warm-ups (Year 4)</h1></main><div class="spinner"></div>`,
      painted,
    );
    pageDrawn(root);
    expect(document.querySelector('.snapshot-cover')).not.toBeNull();
    root.querySelector('.spinner')!.remove();
    await Promise.resolve();
    expect(document.querySelector('.snapshot-cover')).toBeNull();
    const [mark] = performance.getEntriesByName(SNAPSHOT_DIFFERED_MARK) as PerformanceMark[];
    expect(mark?.detail).toMatchObject({ drawn: expect.stringContaining('(Year 4)') });
  });
});
