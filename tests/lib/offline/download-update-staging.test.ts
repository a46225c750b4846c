import Dexie, { type Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestCms } from '../../../src/lib/cms/graphql-client';
import { db } from '../../../src/lib/db/database';
import { updateDownload } from '../../../src/lib/offline/download-freshness';
import { cancelDownload, startDownload } from '../../../src/lib/offline/download-manager';
import { registerPlanBuilder } from '../../../src/lib/offline/plan-builders';
import { CACHE_NAMES } from '../../../src/lib/sw-messages';
import { activityLessonPlan, lesson, LESSON, SLIDES, slides } from './lesson-with-activities';
import { clearOfflineTables, offlineTestKit, undoOfflineTestKit } from './offline-test-kit';

// An update is staged beside the downloaded version and switched in whole, or not at all: a lost
// connection, a full device, a cancel or a reload part-way leave the old version complete, and
// every figure the storage page shows is what is really stored.

const ID = '7:lesson:L1';
const UNCHANGED = 'Your downloaded version is unchanged';
const NEW_AUDIO_BYTES = 3_500_000;

let kit: ReturnType<typeof offlineTestKit>;

/** The table of staged updates (what an update has fetched and not switched in yet). */
const staging = (database = db) => (database as { updates?: Table }).updates;
const stagedUpdates = async (database = db) => (await staging(database)?.count()) ?? 0;

beforeEach(async () => {
  await clearOfflineTables();
  await staging()?.clear();
  kit = offlineTestKit();
  kit.answers['{"lessonId":"L1"}'] = lesson('Lesson 1: Pulse', ['a1']);
  kit.answers['{"activityId":"a1"}'] = slides('/uploads/drum.jpg', '/uploads/old.mp3');
  kit.sizes = {
    '/uploads/drum.jpg': 2000,
    '/uploads/old.mp3': 2000,
    '/uploads/new.jpg': 2000,
    '/uploads/new.mp3': NEW_AUDIO_BYTES,
  };
  registerPlanBuilder('lesson', (params, record) =>
    activityLessonPlan(String(params.lessonId), record.title),
  );
  await startDownload(activityLessonPlan('L1', 'Lesson 1: Pulse'));
  kit.fetched = [];
});

afterEach(undoOfflineTestKit);

/** The editor renamed the lesson, dropped old.mp3 and attached an activity with two new files. */
function editorRevises() {
  kit.answers['{"lessonId":"L1"}'] = lesson('Lesson 1: Pulse (revised)', ['a1', 'a2']);
  kit.answers['{"activityId":"a1"}'] = slides('/uploads/drum.jpg');
  kit.answers['{"activityId":"a2"}'] = slides('/uploads/new.jpg', [
    '/uploads/new.mp3',
    NEW_AUDIO_BYTES / 1000,
  ]);
}

const filesCache = () => kit.caches.stores.get(CACHE_NAMES.mediaDownloads) ?? new Map();

/** Everything the device holds for downloads, to compare before and after. */
async function snapshot() {
  return {
    record: await db.downloads.get(ID),
    documents: await db.documents.toArray(),
    media: await db.media.toArray(),
    files: [...filesCache().keys()].sort(),
  };
}

/**
 * The storage page's figures are what is stored: each media row is a file in Cache Storage of
 * that size, each file has its row, and a complete download's size is the sum of its files.
 */
async function expectAccountingMatchesStorage() {
  const rows = await db.media.toArray();
  const cache = filesCache();
  expect([...cache.keys()].sort()).toEqual(rows.map((row) => row.url).sort());
  for (const row of rows) expect((await cache.get(row.url)!.clone().blob()).size).toBe(row.bytes);
  for (const record of await db.downloads.toArray()) {
    if (record.status !== 'complete') continue;
    const bytes = (await db.media.bulkGet(record.mediaUrls)).map((row) => row?.bytes ?? NaN);
    expect(record.bytesTotal).toBe(bytes.reduce((sum, size) => sum + size, 0));
  }
}

/** The old version, still complete, and nothing of the new one left behind. */
async function expectOldVersionKept(before: Awaited<ReturnType<typeof snapshot>>) {
  expect(await snapshot()).toEqual(before);
  expect(before.record).toMatchObject({ status: 'complete', title: 'Lesson 1: Pulse' });
  expect(await stagedUpdates()).toBe(0);
  expect(filesCache().has('/uploads/new.jpg')).toBe(false);
  expect(await requestCms(LESSON, { lessonId: 'L1' })).toEqual(lesson('Lesson 1: Pulse', ['a1']));
  expect(await requestCms(SLIDES, { activityId: 'a1' })).toEqual(
    slides('/uploads/drum.jpg', '/uploads/old.mp3'),
  );
  await expectAccountingMatchesStorage();
}

describe('an update that cannot finish leaves the downloaded version as it was', () => {
  it('a file that fails to arrive: old answers and files all kept, the record complete, what was staged released', async () => {
    editorRevises();
    const before = await snapshot();
    kit.failFetchFor = '/uploads/new.mp3';
    // The other new file arrives and is staged before the audio fails.
    kit.beforeFetch = async (url) => {
      if (url === '/uploads/new.mp3')
        await vi.waitFor(() => expect(filesCache().has('/uploads/new.jpg')).toBe(true));
    };

    const outcome = await updateDownload(before.record!);

    expect(outcome.updated).toBe(false);
    expect(!outcome.updated && outcome.message).toContain(UNCHANGED);
    expect(!outcome.updated && outcome.message).not.toMatch(/\/uploads|\b\d{3}\b|error/i);
    await expectOldVersionKept(before);
  });

  it('is cancelled part-way: the old version stays and what was staged goes', async () => {
    editorRevises();
    const before = await snapshot();
    kit.beforeFetch = async (url) => {
      if (url === '/uploads/new.mp3') await cancelDownload(ID);
    };

    const outcome = await updateDownload(before.record!);

    expect(outcome.updated).toBe(false);
    expect(!outcome.updated && outcome.message).toContain(UNCHANGED);
    await expectOldVersionKept(before);
  });
});

describe('a full device is said as a full device, and the old version stays', () => {
  const FULL: [string, () => void][] = [
    [
      'Cache Storage refuses the new audio',
      () => (kit.caches.options.failPutFor = '/uploads/new.mp3'),
    ],
    [
      'IndexedDB refuses the switch',
      () =>
        void vi
          .spyOn(db.documents, 'bulkPut')
          .mockRejectedValue(new Dexie.QuotaExceededError('full')),
    ],
    [
      'IndexedDB refuses the staged answers',
      () => {
        vi.spyOn(staging()!, 'put').mockImplementation(
          () =>
            Promise.reject(
              new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError')),
            ) as never,
        );
      },
    ],
  ];

  it.each(FULL)(
    '%s: it says the device is full, how much the update needs and where to free space; never success',
    async (_, fillTheDevice) => {
      editorRevises();
      const before = await snapshot();
      fillTheDevice();

      const outcome = await updateDownload(before.record!);

      expect(outcome).toMatchObject({ updated: false, deviceFull: true });
      const message = !outcome.updated ? outcome.message : '';
      expect(message).toContain('full');
      // The new files' sizes from the CMS: 2,000 + 3,500,000 bytes.
      expect(message).toContain('3.3 MB');
      expect(message).toContain('storage page');
      expect(message).toContain(UNCHANGED);
      await expectOldVersionKept(before);
    },
  );
});

describe('an update switches whole', () => {
  it('keeps the old version current until every new file is stored, then switches answers, files and figures together', async () => {
    editorRevises();
    const before = await snapshot();
    const seenDuringUpdate: unknown[] = [];
    kit.beforeFetch = async (url) => {
      if (url !== '/uploads/new.mp3') return;
      await vi.waitFor(() => expect(filesCache().has('/uploads/new.jpg')).toBe(true));
      // Mid-update: the pages still read the old version, and the figures are what is stored.
      seenDuringUpdate.push(
        await requestCms(LESSON, { lessonId: 'L1' }),
        await db.downloads.get(ID),
      );
      await expectAccountingMatchesStorage();
    };

    expect(await updateDownload(before.record!)).toEqual({ updated: true });

    expect(seenDuringUpdate).toEqual([lesson('Lesson 1: Pulse', ['a1']), before.record]);
    const after = (await db.downloads.get(ID))!;
    expect(after).toMatchObject({ status: 'complete', title: 'Lesson 1: Pulse (revised)' });
    expect(after.mediaUrls.sort()).toEqual([
      '/uploads/drum.jpg',
      '/uploads/new.jpg',
      '/uploads/new.mp3',
    ]);
    expect(after.bytesTotal).toBe(2000 + 2000 + NEW_AUDIO_BYTES);
    expect(await requestCms(SLIDES, { activityId: 'a1' })).toEqual(slides('/uploads/drum.jpg'));
    expect(filesCache().has('/uploads/old.mp3')).toBe(false);
    expect((await db.media.toArray()).every((row) => row.usedBy.join() === ID)).toBe(true);
    expect(await stagedUpdates()).toBe(0);
    await expectAccountingMatchesStorage();
  });
});

describe('a reload in the middle of an update', () => {
  it('leaves no orphaned data: at the next start the staging is discarded, its files released, and the old version stays current', async () => {
    editorRevises();
    const before = await snapshot();
    // The page goes away while the new audio is on its way: that fetch never ends.
    kit.beforeFetch = (url) =>
      url === '/uploads/new.mp3' ? new Promise(() => undefined) : undefined;
    void updateDownload(before.record!);
    await vi.waitFor(async () => {
      expect(filesCache().has('/uploads/new.jpg')).toBe(true);
      expect(await db.media.get('/uploads/new.jpg')).toBeDefined();
    });

    // The next start: the app's modules loaded afresh, and the start-up work run.
    vi.resetModules();
    const manager = await import('../../../src/lib/offline/download-manager');
    const fresh = await import('../../../src/lib/db/database');
    manager.resumeDownloads();

    await vi.waitFor(async () => expect(await stagedUpdates(fresh.db)).toBe(0));
    await vi.waitFor(() => expect(filesCache().has('/uploads/new.jpg')).toBe(false));
    expect(await snapshot()).toEqual(before);
    await expectAccountingMatchesStorage();
  });
});

describe("'Update download' of an item changed on this device (a playlist's items)", () => {
  it('is staged and switched whole too: the old version stays until the new one is stored, then takes its version', async () => {
    const { updateToPlan } = await import('../../../src/lib/offline/download-manager');
    editorRevises();
    const before = await snapshot();
    const changed = { ...activityLessonPlan('L1', 'Lesson 1: Pulse'), version: 'v2' };
    kit.failFetchFor = '/uploads/new.mp3';

    const failed = await updateToPlan(changed, '7');

    expect(!failed.updated && failed.message).toContain(UNCHANGED);
    expect(await snapshot()).toEqual(before);
    kit.failFetchFor = null;
    expect(await updateToPlan(changed, '7')).toEqual({ updated: true });
    expect(await db.downloads.get(ID)).toMatchObject({ status: 'complete', version: 'v2' });
    await expectAccountingMatchesStorage();
  });
});
