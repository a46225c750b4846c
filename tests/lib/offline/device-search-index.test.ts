import { beforeEach, describe, expect, it } from 'vitest';
import { db, type DownloadRecord } from '../../../src/lib/db/database';
import { refreshSearchIndex } from '../../../src/lib/offline/device-search-index';
import { removeAllDownloads, removeDownload } from '../../../src/lib/offline/download-manager';
import { offlineTestKit } from './offline-test-kit';

// The device's search index follows the downloads: a download adds its items, an update (a
// changed record) replaces them, a removal drops them, and sign-out's purge empties it.

const USER = '7';

function record(id: string, overrides: Partial<DownloadRecord> = {}): DownloadRecord {
  return {
    id: `${USER}:lesson:${id}`,
    userId: USER,
    kind: 'lesson',
    contentId: id,
    title: `Lesson ${id}`,
    path: `/primary/sound-explorers/unit/u1/lesson/${id}`,
    status: 'complete',
    documentKeys: [`${USER}:SchemeLessonsQuery:${id}`],
    mediaUrls: [],
    bytesTotal: 0,
    bytesDone: 0,
    updatedAt: 1,
    ...overrides,
  };
}

async function store(id: string, activityTitle: string, updatedAt = 1) {
  await db.documents.put({
    key: `${USER}:SchemeLessonsQuery:${id}`,
    userId: USER,
    operationName: 'SchemeLessonsQuery',
    variables: { lessonId: id },
    storedAt: 0,
    data: {
      lesson: {
        documentId: id,
        title: `Lesson ${id}`,
        introduction: '<p>We <strong>drum</strong> together.</p>',
        activity: [
          {
            id: '1',
            title: 'Warm up',
            activity: {
              documentId: `a-${id}`,
              title: activityTitle,
              time: '10 minutes',
              type: 'Game',
            },
          },
        ],
      },
      scheme: {
        documentId: 'u1',
        title: 'Drumming circles',
        lessons: [{ documentId: 'other', title: 'Not stored' }],
      },
    },
  });
  await db.downloads.put(record(id, { updatedAt }));
}

const titles = async () =>
  (await refreshSearchIndex(USER)).flatMap((row) => row.items.map((item) => item.title)).sort();

beforeEach(async () => {
  offlineTestKit(); // Cache Storage, which a removal releases files from
  await Promise.all([db.documents.clear(), db.downloads.clear(), db.searchIndex.clear()]);
});

describe('the device search index', () => {
  it('a download adds its own item and the stored objects it holds, not bare references', async () => {
    await store('L1', 'Echo Clapping');
    expect(await titles()).toEqual(['Echo Clapping', 'Lesson L1']);
    const [row] = await db.searchIndex.toArray();
    const activity = row!.items.find((item) => item.title === 'Echo Clapping')!;
    expect(activity).toMatchObject({
      kind: 'activity',
      href: '/primary/sound-explorers/unit/u1/lesson/L1/activity/a-L1',
      place: [
        { kind: 'lesson', title: 'Lesson L1', href: '/primary/sound-explorers/unit/u1/lesson/L1' },
      ],
      time: '10 minutes',
    });
    expect(row!.items.find((item) => item.title === 'Lesson L1')!.body).toContain(
      'We drum together.',
    );
  });

  it('an update replaces the items, a removal drops them, sign-out empties the index', async () => {
    await store('L1', 'Echo Clapping');
    await store('L2', 'Lullaby Circle');
    expect(await titles()).toEqual(['Echo Clapping', 'Lesson L1', 'Lesson L2', 'Lullaby Circle']);
    await store('L1', 'Graphic Scores', 2);
    expect(await titles()).toEqual(['Graphic Scores', 'Lesson L1', 'Lesson L2', 'Lullaby Circle']);
    await removeDownload(`${USER}:lesson:L2`);
    expect(await db.searchIndex.count()).toBe(1);
    expect(await titles()).toEqual(['Graphic Scores', 'Lesson L1']);
    await removeAllDownloads(USER);
    expect(await db.searchIndex.count()).toBe(0);
  });
});
