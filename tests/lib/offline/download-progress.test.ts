import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type DownloadRecord } from '../../../src/lib/db/database';
import { startDownload } from '../../../src/lib/offline/download-manager';
import {
  clearOfflineTables,
  lessonPlan,
  offlineTestKit,
  undoOfflineTestKit,
} from './offline-test-kit';

let kit: ReturnType<typeof offlineTestKit>;
const FILES = {
  '/uploads/song.mp3': 200_000,
  '/uploads/score.pdf': 50_000,
  '/uploads/slide.png': 10_000,
};
const TOTAL = 260_000;

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  kit.sizes = FILES;
  // The CMS names the files but gives no size (a video embed's JSON, a query without `size`).
  kit.answers['{"id":"lesson-1"}'] = {
    lesson: { slides: Object.keys(FILES).map((url) => ({ url, size: null })) },
  };
});

afterEach(undoOfflineTestKit);

describe('progress is honest', () => {
  it('knows the real total before the first file and counts bytes as they arrive', async () => {
    const seen: DownloadRecord[] = [];
    const subscription = liveQuery(() => db.downloads.get('7:lesson:lesson-1')).subscribe(
      (record) => record && seen.push(record),
    );
    const record = await startDownload(lessonPlan('lesson-1'));
    subscription.unsubscribe();

    expect(record.status).toBe('complete');
    expect(record.bytesTotal).toBe(TOTAL);
    expect(record.bytesDone).toBe(TOTAL);
    const fetching = seen.filter(
      (state) => state.mediaUrls.length > 0 && state.status !== 'complete',
    );
    expect(fetching.length).toBeGreaterThan(0);
    for (const state of fetching) {
      expect(state.bytesTotal).toBe(TOTAL);
      expect(state.bytesDone).toBeLessThanOrEqual(TOTAL);
    }
    // Part of a file counted: bytes moved between whole-file steps.
    const wholeFileSums = new Set([0, 200_000, 50_000, 10_000, 250_000, 210_000, 60_000, TOTAL]);
    expect(fetching.some((state) => !wholeFileSums.has(state.bytesDone))).toBe(true);
  });

  it('the free-space check uses the real sizes, and starts nothing when they do not fit', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      storage: {
        estimate: async () => ({ quota: 1_000_000, usage: 900_000 }),
        persist: async () => false,
      },
    });
    const record = await startDownload(lessonPlan('lesson-1'));
    expect(record.status).toBe('failed');
    expect(record.error).toBe(
      'Not enough space on this device: this needs about 0.2 MB, and 0.1 MB is free.',
    );
    expect(kit.fetched).toEqual([]);
  });
});
