import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { startDownload } from '../../../src/lib/offline/download-manager';
import type { DownloadPlan } from '../../../src/lib/offline/download-plan';
import {
  clearOfflineTables,
  LESSON_QUERY,
  offlineTestKit,
  undoOfflineTestKit,
} from './offline-test-kit';

// Progress is honest: the free-space check and the byte bar use the sizes the CMS gives (kB of
// 1,000 bytes, as Strapi records them); a HEAD request only for a file it does not describe.

let kit: ReturnType<typeof offlineTestKit>;

/** A playlist-like plan: one answer naming a video, and an audio file of its own. */
const plan = (audio: { url: string; bytes: number }): DownloadPlan => ({
  kind: 'playlist',
  contentId: 'p1',
  title: 'Monday',
  path: '/playlists/p1',
  media: [audio],
  collect: async (run) => {
    await run(LESSON_QUERY, { id: 'lesson-1' });
  },
});

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
});

afterEach(() => {
  delete (navigator as { storage?: unknown }).storage;
  undoOfflineTestKit();
});

/** jsdom has no StorageManager: this device has `bytes` free. */
function freeSpace(bytes: number) {
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      estimate: () => Promise.resolve({ quota: bytes + 1_000, usage: 1_000 }),
      persist: () => Promise.resolve(true),
    },
  });
}

describe('download sizes', () => {
  it('the free-space check counts the CMS sizes, with no HEAD request for a file the CMS describes', async () => {
    kit.answers['{"id":"lesson-1"}'] = {
      lesson: { slides: [{ url: '/uploads/film.mp4', size: 10_240 }] },
    };
    freeSpace(5 * 1_048_576);
    const record = await startDownload(plan({ url: '/uploads/song.mp3', bytes: 2_000 }));
    expect(record.status).toBe('failed');
    // 10,240 kB = 10,240,000 bytes, plus 2,000: 9.8 MB (not 10.0, as 1,024-byte kB would say).
    expect(record.error).toBe(
      'Not enough space on this device: this needs about 9.8 MB, and 5.0 MB is free.',
    );
    expect(kit.heads).toEqual([]);
    expect(kit.fetched).toEqual([]);
  });

  it('the byte total is the CMS sizes from the start, and only an undescribed file is asked with HEAD', async () => {
    kit.answers['{"id":"lesson-1"}'] = {
      lesson: {
        slides: [
          { url: '/uploads/film.mp4', size: 3 },
          { url: '/uploads/unknown.jpg', size: null },
        ],
      },
    };
    kit.sizes = {
      '/uploads/film.mp4': 3_000,
      '/uploads/song.mp3': 2_000,
      '/uploads/unknown.jpg': 1_500,
    };
    const totals: number[] = [];
    const update = db.downloads.update.bind(db.downloads);
    vi.spyOn(db.downloads, 'update').mockImplementation((key, changes) => {
      const total = (changes as { bytesTotal?: number }).bytesTotal;
      if (total !== undefined) totals.push(total);
      return update(key, changes);
    });
    freeSpace(100 * 1_048_576);
    const record = await startDownload(plan({ url: '/uploads/song.mp3', bytes: 2_000 }));
    expect(record.status).toBe('complete');
    expect(kit.heads).toEqual(['/uploads/unknown.jpg']);
    // Known before the first file arrived, and never changed: the bar moves against the truth.
    expect(new Set(totals)).toEqual(new Set([6_500]));
    expect(record.bytesDone).toBe(6_500);
  });
});
