import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../../scripts/seeded-random.mjs';
import { CACHE_NAMES } from '../../../src/lib/sw-messages';
import { activityLessonPlan, lesson, slides } from './lesson-with-activities';
import { clearOfflineTables, offlineTestKit, undoOfflineTestKit } from './offline-test-kit';

// A model of one downloaded lesson through many revisions: each update meets a fault drawn from a
// seeded sequence (none, a file that fails, a full Cache Storage, a full IndexedDB at the switch,
// a cancel, a reload part-way). After each one the lesson is complete and whole, exactly the old
// version or exactly the new one, and every figure is what is stored. The seed is printed; set
// VITE_UPDATE_MODEL_SEED to replay one.

const ID = '7:lesson:L1';
const FILES = ['a.jpg', 'b.jpg', 'c.mp3', 'd.mp3', 'e.png', 'f.mp3'].map(
  (name) => `/uploads/${name}`,
);
const ACTIVITIES = ['a1', 'a2', 'a3', 'a4'];
const FAULTS = ['none', 'file-fails', 'cache-full', 'switch-full', 'cancel', 'reload'] as const;
type Fault = (typeof FAULTS)[number];

interface Version {
  title: string;
  activities: string[];
  files: Record<string, string[]>;
}

let kit: ReturnType<typeof offlineTestKit>;
/** The app's modules as this "page load" has them (a reload loads them afresh). */
let app: Awaited<ReturnType<typeof loadApp>>;

async function loadApp() {
  const [database, freshness, manager, builders] = await Promise.all([
    import('../../../src/lib/db/database'),
    import('../../../src/lib/offline/download-freshness'),
    import('../../../src/lib/offline/download-manager'),
    import('../../../src/lib/offline/plan-builders'),
  ]);
  builders.registerPlanBuilder('lesson', (params, record) =>
    activityLessonPlan(String(params.lessonId), record.title),
  );
  return { db: database.db, updateDownload: freshness.updateDownload, ...manager };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function someOf<T>(random: () => number, items: readonly T[]): T[] {
  const chosen = items.filter(() => random() < 0.5);
  return chosen.length > 0 ? chosen : [pick(random, items)];
}

function revision(random: () => number, step: number): Version {
  const activities = someOf(random, ACTIVITIES);
  return {
    title: `Lesson 1, revision ${step}`,
    activities,
    files: Object.fromEntries(activities.map((activity) => [activity, someOf(random, FILES)])),
  };
}

function publish(version: Version) {
  kit.answers['{"lessonId":"L1"}'] = lesson(version.title, version.activities);
  for (const activity of ACTIVITIES)
    kit.answers[`{"activityId":"${activity}"}`] = slides(
      ...(version.files[activity] ?? []).map((url): [string, number] => [
        url,
        kit.sizes[url]! / 1000,
      ]),
    );
}

const filesOf = (version: Version) => [...new Set(Object.values(version.files).flat())].sort();
const filesCache = () => kit.caches.stores.get(CACHE_NAMES.mediaDownloads) ?? new Map();

/** The lesson is complete and exactly `version`, and every figure is what is stored. */
async function expectWhole(version: Version) {
  const { db } = app;
  const record = (await db.downloads.get(ID))!;
  expect(record).toMatchObject({ status: 'complete', title: version.title });
  expect([...record.mediaUrls].sort()).toEqual(filesOf(version));
  const overview = await db.documents.get('7:LessonOverview:{"lessonId":"L1"}');
  expect(overview?.data).toEqual(lesson(version.title, version.activities));
  for (const activity of version.activities) {
    const answer = await db.documents.get(`7:ActivitySlides:{"activityId":"${activity}"}`);
    expect(
      (answer?.data as ReturnType<typeof slides>).activity.slides.map((slide) => slide.url),
    ).toEqual(version.files[activity]);
  }
  expect(record.documentKeys).toHaveLength(version.activities.length + 1);
  expect(await db.documents.count()).toBe(version.activities.length + 1);
  expect(await db.updates.count()).toBe(0);
  const rows = await db.media.toArray();
  expect(rows.map((row) => row.url).sort()).toEqual(filesOf(version));
  expect([...filesCache().keys()].sort()).toEqual(filesOf(version));
  for (const row of rows) {
    expect(row.usedBy).toEqual([ID]);
    expect((await filesCache().get(row.url)!.clone().blob()).size).toBe(row.bytes);
  }
  expect(record.bytesTotal).toBe(rows.reduce((sum, row) => sum + row.bytes, 0));
}

/** Arranges `fault` for the next update; returns whether it can strike (it needs a new file). */
function arrange(
  fault: Fault,
  newFiles: string[],
  random: () => number,
  hung: { at: string | null },
) {
  const target = newFiles.length > 0 ? pick(random, newFiles) : null;
  if (fault === 'file-fails') kit.failFetchFor = target;
  if (fault === 'cache-full') kit.caches.options.failPutFor = target ?? undefined;
  if (fault === 'switch-full')
    vi.spyOn(app.db.documents, 'bulkPut').mockRejectedValue(new Dexie.QuotaExceededError('full'));
  if (fault === 'cancel')
    kit.beforeFetch = async (url) => {
      if (url === target) await app.cancelDownload(ID);
    };
  if (fault === 'reload')
    kit.beforeFetch = (url) => {
      if (url !== target) return undefined;
      hung.at = url;
      return new Promise<void>(() => undefined);
    };
  return fault === 'switch-full' || fault === 'none' ? true : target !== null;
}

function disarm() {
  kit.failFetchFor = null;
  kit.caches.options.failPutFor = undefined;
  kit.beforeFetch = null;
  vi.restoreAllMocks();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => kit.online);
}

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  kit.sizes = Object.fromEntries(FILES.map((url, index) => [url, 1000 * (index + 2)]));
  app = await loadApp();
  await app.db.updates.clear();
});

afterEach(undoOfflineTestKit);

describe('a downloaded lesson through seeded sequences of revisions and faulty updates', () => {
  const seeds = [Number(import.meta.env.VITE_UPDATE_MODEL_SEED ?? 0) || 20261127, 7, 42];
  it.each(seeds)(
    'seed %i: after every update the lesson is exactly one version, complete, and accounted for',
    async (seed) => {
      console.log(`download update model: seed ${seed}`);
      const random = seededRandom(seed);
      let current = revision(random, 0);
      publish(current);
      await app.startDownload(activityLessonPlan('L1', current.title));
      await expectWhole(current);
      const seen = new Set<string>();
      const tally: string[] = [];

      for (let step = 1; step <= 18; step += 1) {
        const next = revision(random, step);
        publish(next);
        const fault = pick(random, FAULTS);
        const newFiles = filesOf(next).filter((url) => !filesOf(current).includes(url));
        const hung = { at: null as string | null };
        const strikes = arrange(fault, newFiles, random, hung);
        const record = (await app.db.downloads.get(ID))!;

        if (fault === 'reload' && strikes) {
          void app.updateDownload(record);
          await vi.waitFor(() => expect(hung.at).not.toBeNull());
          // The next page load: the modules afresh, and the start-up work.
          vi.resetModules();
          disarm();
          app = await loadApp();
          app.resumeDownloads();
          await vi.waitFor(async () => {
            expect(await app.db.updates.count()).toBe(0);
            expect([...filesCache().keys()].sort()).toEqual(filesOf(current));
          });
        } else {
          const outcome = await app.updateDownload(record);
          disarm();
          expect(outcome.updated, `step ${step}: ${fault}`).toBe(!strikes || fault === 'none');
          if (outcome.updated) current = next;
          else expect(outcome.message).toContain('Your downloaded version is unchanged.');
        }
        seen.add(strikes ? fault : 'none');
        tally.push(`${step}:${strikes ? fault : 'none'}`);
        await expectWhole(current);
      }
      console.log(tally.join(' '));
      // The sequence met several kinds of fault, not only the easy path.
      expect(seen.size).toBeGreaterThanOrEqual(3);
    },
  );
});
