import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { documentKey } from '../../../src/lib/offline/document-keys';
import { writeSession, clearSession } from '../../../src/lib/session/session-storage';
import { CACHE_NAMES, SNAPSHOT_HEADERS } from '../../../src/lib/sw-messages';
import { fakeCaches } from '../../support/fake-cache-storage';

// A first slide is kept as a snapshot only when drawn from the signed-in teacher's downloaded
// answer, and forgotten whenever the downloaded answers change, by whichever path.

const LESSON = { title: 'Samba', activity: [{ id: 'a' }] };
const SOURCE = {
  operationName: 'LessonSlideShow',
  variables: { id: 'l1' },
  field: 'lesson',
  drawnFrom: LESSON,
};
const PAGE = '/primary/p/unit/u/lesson/l1/slides/a/1';
let storage: ReturnType<typeof fakeCaches>;

/** The module afresh: what a start painted is read once per page load. */
async function snapshotModule() {
  vi.resetModules();
  return {
    ...(await import('../../../src/lib/offline/slide-snapshot')),
    ...(await import('../../../src/lib/offline/snapshot-cover')),
  };
}

function drawSlide(html = '<main class="lesson-mode-main" id="main"><h1 id="t">Samba</h1></main>') {
  document.head.innerHTML =
    '<link rel="stylesheet" href="/assets/index-a1.css"><link rel="stylesheet" href="https://cdn.example/x.css">';
  document.body.innerHTML = `<script type="module" src="/assets/index-b2.js"></script><div id="root">${html}</div>`;
  return document.getElementById('root')!;
}

async function storeAnswer(userId: string, storedAt = 1, lesson: unknown = LESSON) {
  await db.documents.put({
    key: documentKey(userId, SOURCE.operationName, SOURCE.variables),
    userId,
    operationName: SOURCE.operationName,
    variables: SOURCE.variables,
    // Stored with its keys in another order: the same answer all the same.
    data: { lesson: Object.fromEntries(Object.entries(lesson as object).reverse()) },
    storedAt,
  });
}

async function kept() {
  if (!(await storage.has(CACHE_NAMES.slideSnapshots))) return [];
  const cache = await storage.open(CACHE_NAMES.slideSnapshots);
  return Promise.all(
    (await cache.keys()).map(async (request) => {
      const response = (await cache.match(request))!;
      return {
        address: new URL(request.url).pathname,
        shell: response.headers.get(SNAPSHOT_HEADERS.shell),
        snapshot: (await response.json()) as { markup: string; stylesheets: string[] },
      };
    }),
  );
}

beforeEach(async () => {
  storage = fakeCaches();
  vi.stubGlobal('caches', storage);
  history.replaceState(null, '', PAGE);
  await db.documents.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('snapshotMarkup', () => {
  it('keeps the markup without ids or anything that plays by itself, and no slide with a frame', async () => {
    const { snapshotMarkup } = await snapshotModule();
    const root = drawSlide('<main id="main"><video autoplay src="/uploads/a.mp4"></video></main>');
    expect(snapshotMarkup(root)).toBe('<main><video src="/uploads/a.mp4"></video></main>');
    expect(snapshotMarkup(drawSlide('<main><iframe src="/x"></iframe></main>'))).toBeNull();
  });

  it("leaves out what says the device's state now", async () => {
    const { snapshotMarkup } = await snapshotModule();
    const root = drawSlide(
      '<header><p data-snapshot-omit class="sync-indicator">All changes saved</p></header><main><h1>Home</h1></main>',
    );
    expect(snapshotMarkup(root)).toBe('<header></header><main><h1>Home</h1></main>');
  });

  it('leaves out the references to ids and the tabindex the app sets when it moves focus', async () => {
    const { snapshotMarkup } = await snapshotModule();
    const root = drawSlide(
      '<button aria-controls="_r_1_" aria-expanded="false">Primary</button><h1 tabindex="-1">Rhythm Makers</h1><label for="q">Search</label>',
    );
    expect(snapshotMarkup(root)).toBe(
      '<button aria-expanded="false">Primary</button><h1>Rhythm Makers</h1><label>Search</label>',
    );
  });

  it('keeps a form as a plain block with its classes and content', async () => {
    const { snapshotMarkup } = await snapshotModule();
    const root = drawSlide(
      '<form role="search" action="/search" class="site-search"><input type="search" name="q"></form>',
    );
    expect(snapshotMarkup(root)).toBe(
      '<div role="search" class="site-search"><input type="search" name="q"></div>',
    );
  });
});

describe('keys pressed while the snapshot shows', () => {
  it('reach the app once its own slide takes keys, in order; other keys are left alone', async () => {
    writeSession({ user: { id: 7, email: 't@demo.school' }, token: 't' });
    document.body.innerHTML =
      '<div class="snapshot-cover" hidden data-user="7"><main>Samba</main></div><div id="root"></div>';
    const { releaseSnapshot, handOverHeldKeys } = await snapshotModule();
    // The page's start script, as the worker's snapshot page runs it (no entry here to import).
    const startScript = '../../../public/snapshot-start.js';
    await import(/* @vite-ignore */ startScript);
    const press = (key: string) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press('ArrowRight')).toBe(true);
    expect(press('PageDown')).toBe(true);
    expect(press('Tab')).toBe(false);
    const received: string[] = [];
    document.addEventListener('keydown', (event) => received.push(event.key));
    releaseSnapshot();
    expect(received).toEqual([]);
    handOverHeldKeys();
    expect(received).toEqual(['ArrowRight', 'PageDown']);
    // Once the snapshot is gone, keys go straight to the app.
    expect(press('ArrowLeft')).toBe(false);
    handOverHeldKeys();
    expect(received).toEqual(['ArrowRight', 'PageDown', 'ArrowLeft']);
  });
});

describe('keepSlideSnapshot', () => {
  it("keeps a slide drawn from the teacher's downloaded answer, for this build, by its address", async () => {
    const { keepSlideSnapshot } = await snapshotModule();
    writeSession({ user: { id: 7, email: 't@demo.school' }, token: 't' });
    await storeAnswer('7');
    // The worker's page made of an earlier snapshot of this address goes with it.
    const made = `${location.origin}${PAGE}?snapshot-page`;
    await (await storage.open(CACHE_NAMES.slideSnapshots)).put(made, new Response('old page'));
    await keepSlideSnapshot(drawSlide(), SOURCE);
    expect(await kept()).toEqual([
      {
        address: PAGE,
        shell: '/assets/index-b2.js',
        snapshot: expect.objectContaining({
          markup: '<main class="lesson-mode-main"><h1>Samba</h1></main>',
          stylesheets: ['/assets/index-a1.css'],
        }),
      },
    ]);
  });

  it('keeps nothing from a page that drew another version than the one stored now', async () => {
    const { keepSlideSnapshot } = await snapshotModule();
    writeSession({ user: { id: 7, email: 't@demo.school' }, token: 't' });
    // Another tab updated the download while this one still shows the old version.
    await storeAnswer('7', 2, { ...LESSON, title: 'Samba (revised)' });
    await keepSlideSnapshot(drawSlide(), SOURCE);
    expect(await kept()).toEqual([]);
  });

  it('keeps nothing signed out, for an answer that is not downloaded, or another teacher’s', async () => {
    const { keepSlideSnapshot } = await snapshotModule();
    await storeAnswer('7');
    await keepSlideSnapshot(drawSlide(), SOURCE);
    writeSession({ user: { id: 8, email: 'other@demo.school' }, token: 't8' });
    await keepSlideSnapshot(drawSlide(), SOURCE);
    expect(await kept()).toEqual([]);
  });

  it('does not write again a slide identical to the one this start painted', async () => {
    writeSession({ user: { id: 7, email: 't@demo.school' }, token: 't' });
    await storeAnswer('7');
    const markup = '<main class="lesson-mode-main"><h1>Samba</h1></main>';
    document.body.innerHTML = `<div class="snapshot-cover">${markup}</div>`;
    const { keepSlideSnapshot, releaseSnapshot } = await snapshotModule();
    releaseSnapshot();
    expect(document.querySelector('.snapshot-cover')).toBeNull();
    await keepSlideSnapshot(drawSlide(), SOURCE);
    expect(await kept()).toEqual([]);
    // A slide that differs from what was painted is drawn again.
    await keepSlideSnapshot(
      drawSlide('<main class="lesson-mode-main"><h1>Samba 2</h1></main>'),
      SOURCE,
    );
    expect(await kept()).toHaveLength(1);
  });

  it('forgets a snapshot at any write to the answer it was drawn from, and all at a clear', async () => {
    const { keepSlideSnapshot } = await snapshotModule();
    writeSession({ user: { id: 7, email: 't@demo.school' }, token: 't' });
    const key = documentKey('7', SOURCE.operationName, SOURCE.variables);
    for (const write of [
      () => storeAnswer('7', 2),
      () => db.documents.bulkPut([{ ...OTHER, key }]),
      () => db.documents.bulkDelete([key]),
      () => db.documents.delete(key),
      () => db.documents.clear(),
      // A sign-out's purge: the teacher's answers deleted by a query.
      () => db.documents.where('userId').equals('7').delete(),
    ]) {
      await storeAnswer('7');
      await keepSlideSnapshot(drawSlide(), SOURCE);
      expect(await kept()).toHaveLength(1);
      // Another lesson's answer written: this snapshot stays.
      await db.documents.put(OTHER);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await kept()).toHaveLength(1);
      await write();
      await vi.waitFor(async () => expect(await kept()).toEqual([]));
    }
  });
});

/** Another downloaded answer (another lesson's). */
const OTHER = {
  key: documentKey('7', 'LessonSlideShow', { id: 'l2' }),
  userId: '7',
  operationName: 'LessonSlideShow',
  variables: { id: 'l2' },
  data: {},
  storedAt: 1,
};
