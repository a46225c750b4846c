import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type DownloadRecord } from '../../../src/lib/db/database';
import { graphqlCacheKey, sessionPartition } from '../../../src/lib/graphql-cache-key';
import { releaseUnused } from '../../../src/lib/offline/download-release';
import { fakeCaches } from '../../support/fake-cache-storage';

// Removed content must be gone offline too: the worker's copies of a released answer go with it,
// whichever text of the operation the worker kept them under (an older release's document too).

let caches: ReturnType<typeof fakeCaches>;

beforeEach(async () => {
  caches = fakeCaches();
  vi.stubGlobal('caches', caches);
  localStorage.setItem('auth', 'teacher-token');
  await db.documents.clear();
  await db.downloads.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('releaseUnused', () => {
  it("drops the worker's copies of a released answer, every document text of it, and nothing else", async () => {
    const partition = await sessionPartition('teacher-token');
    const key = (variables: object, documentHash: string) =>
      graphqlCacheKey(location.origin, partition, 'LessonSlideShow', variables, documentHash);
    const graphql = await caches.open('graphql-v1');
    const released = [await key({ id: 'l1' }, 'today'), await key({ id: 'l1' }, 'older-release')];
    const kept = [await key({ id: 'l2' }, 'today')];
    for (const url of [...released, ...kept]) await graphql.put(url, Response.json({ data: {} }));

    await db.documents.add({
      key: '7:LessonSlideShow:l1',
      userId: '7',
      operationName: 'LessonSlideShow',
      variables: { id: 'l1' },
      data: {},
      storedAt: 0,
    });
    const record = {
      id: '7:lesson:l1',
      userId: '7',
      documentKeys: ['7:LessonSlideShow:l1'],
      mediaUrls: [],
    } as unknown as DownloadRecord;
    await releaseUnused(record, new Set(), new Set());

    expect((await graphql.keys()).map((request) => request.url)).toEqual(kept);
    expect(await db.documents.count()).toBe(0);
  });
});
