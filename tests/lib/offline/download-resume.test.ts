import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { resumeDownloads } from '../../../src/lib/offline/download-manager';
import {
  clearOfflineTables,
  storeLessonLeftBehind,
  offlineTestKit,
  undoOfflineTestKit,
} from './offline-test-kit';

let kit: ReturnType<typeof offlineTestKit>;
const ID = '7:lesson:lesson-1';
const FILES = ['/uploads/a.mp3', '/uploads/b.jpg', '/uploads/c.jpg'];

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  // What the closed page finished: the answer, and the first of three files.
  await storeLessonLeftBehind(FILES, { bytesDone: 1024, filesDone: 1 });
  await db.media.put({ url: FILES[0]!, bytes: 1024, usedBy: [ID], storedAt: 0 });
  await (await kit.caches.open('media-downloads')).put(FILES[0]!, new Response('x'));
});

afterEach(undoOfflineTestKit);

describe('downloads never hang', () => {
  it('a download a closed page left mid-way, reopened offline, waits and carries on by itself when the network returns', async () => {
    kit.online = false;
    resumeDownloads();
    // Not frozen at 'downloading': it says it waits for the network.
    await vi.waitFor(async () => expect((await db.downloads.get(ID))?.status).toBe('queued'));
    expect((await db.downloads.get(ID))?.error).toMatch(/connection/i);

    kit.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect((await db.downloads.get(ID))?.status).toBe('complete'));
    expect(kit.fetched.sort()).toEqual(['/uploads/b.jpg', '/uploads/c.jpg']);
    expect((await db.downloads.get(ID))?.filesDone).toBe(3);
  });
});
