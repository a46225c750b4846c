import { beforeEach, describe, expect, it } from 'vitest';
import { db, type DownloadRecord } from '../../../src/lib/db/database';
import {
  refreshBrowsedIndex,
  refreshSearchIndex,
} from '../../../src/lib/offline/device-search-index';
import { sessionPartition } from '../../../src/lib/graphql-cache-key';
import { readToken } from '../../../src/lib/session/session-storage';
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

let kit: ReturnType<typeof offlineTestKit>;

beforeEach(async () => {
  kit = offlineTestKit(); // Cache Storage, which a removal releases files from
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
      // Its own page is not among the download's answers: offline it opens on the lesson's.
      ownPage: false,
      shownOn: '/primary/sound-explorers/unit/u1/lesson/L1',
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

describe('pages kept while browsing', () => {
  const UNIT_PAGE = '/primary/sound-explorers/unit/u1';

  /** An answer as the worker keeps it: under a session's partition, with the page that asked. */
  async function keep(
    name: string,
    data: unknown,
    { page = UNIT_PAGE as string | null, at = '2026-11-27T10:00:00Z', token = readToken() } = {},
  ) {
    const cache = await kit.caches.open('graphql-v1');
    const partition = await sessionPartition(token);
    const headers = new Headers({ 'Content-Type': 'application/json', 'X-Cached-At': at });
    if (page) headers.set('X-Page', page);
    await cache.put(
      `${location.origin}/__gql/${partition}/${name}?v=1&d=1`,
      new Response(JSON.stringify({ data }), { headers }),
    );
  }

  const unitAnswer = (introduction: string) => ({
    scheme: {
      documentId: 'u1',
      title: 'Drumming circles',
      introduction,
      lessons: [
        { documentId: 'L1', title: 'Pulse games', description: 'Find the pulse together' },
        { documentId: 'L2', title: 'Only a title' },
      ],
    },
  });

  const browsed = async () =>
    (await refreshBrowsedIndex(USER)).flatMap((row) =>
      row.items.map(({ title, href, place }) => ({ title, href, place })),
    );
  const ownPages = async () =>
    (await refreshBrowsedIndex(USER)).flatMap((row) =>
      row.items.filter((item) => item.ownPage).map((item) => item.title),
    );

  it('an answer the worker kept adds its page and what it shows with text, each opening its own page', async () => {
    await keep('SchemesQuery', unitAnswer('<p>Circles of drums</p>'));
    expect(await browsed()).toEqual([
      { title: 'Drumming circles', href: UNIT_PAGE, place: [] },
      {
        title: 'Pulse games',
        href: `${UNIT_PAGE}/lesson/L1`,
        place: [{ kind: 'unit', title: 'Drumming circles', href: UNIT_PAGE }],
      },
    ]);
  });

  it('a newer answer replaces the items, one the worker no longer holds takes them away, and downloads keep theirs', async () => {
    await store('L9', 'Echo Clapping');
    await keep('SchemesQuery', unitAnswer('<p>Circles of drums</p>'));
    await refreshSearchIndex(USER);
    await browsed();
    await keep('SchemesQuery', unitAnswer('<p>Now with shakers</p>'), {
      at: '2026-11-27T11:00:00Z',
    });
    const [row] = await refreshBrowsedIndex(USER);
    expect(row!.items[0]!.body).toBe('Now with shakers');
    // Refreshing the downloads leaves the browsed rows alone, and the other way round.
    expect((await refreshSearchIndex(USER)).length).toBe(1);
    expect(await db.searchIndex.count()).toBe(2);
    await kit.caches.delete('graphql-v1');
    expect(await browsed()).toEqual([]);
    expect(await db.searchIndex.count()).toBe(1);
  });

  it("reads only this session's answers, and only those whose page the worker noted", async () => {
    await keep('SchemesQuery', unitAnswer('<p>Another teacher</p>'), { token: 'another-token' });
    await keep('SchemesQuery', unitAnswer('<p>Before pages were noted</p>'), { page: null });
    expect(await browsed()).toEqual([]);
  });

  it("a unit's answer asked for from its programme's page (a prefetch) opens the unit's own page", async () => {
    await keep(
      'SchemesQuery',
      {
        scheme: { documentId: 'u2', title: 'Singing together', introduction: 'Songs to share' },
        programmes: [{ documentId: 'p1', title: 'Sound Explorers', slug: 'sound-explorers' }],
      },
      { page: '/primary/sound-explorers' },
    );
    expect(await browsed()).toEqual([
      { title: 'Sound Explorers', href: '/primary/sound-explorers', place: [] },
      {
        title: 'Singing together',
        href: '/primary/sound-explorers/unit/u2',
        place: [{ kind: 'programme', title: 'Sound Explorers', href: '/primary/sound-explorers' }],
      },
    ]);
    // The answer is about the unit: the unit's own page opens offline.
    expect(await ownPages()).toEqual(['Sound Explorers', 'Singing together']);
  });

  it("a unit listed on a secondary programme's page opens that page (nothing is below its address)", async () => {
    await keep(
      'SchemesQuery',
      {
        scheme: { documentId: 'u3', title: 'Film music', introduction: 'Scores for the screen' },
        programmes: [
          { documentId: 'p2', title: 'Orchestra Unwrapped', slug: 'orchestra-unwrapped' },
        ],
      },
      { page: '/secondary/ks-3/programme/orchestra-unwrapped' },
    );
    expect((await browsed()).map(({ title, href }) => [title, href])).toEqual([
      ['Orchestra Unwrapped', '/secondary/ks-3/programme/orchestra-unwrapped'],
      ['Film music', '/secondary/ks-3/programme/orchestra-unwrapped'],
    ]);
  });

  it('a slide of lesson mode is found on its lesson page', async () => {
    await keep(
      'SchemeLessonsQuery',
      { lesson: { documentId: 'L1', title: 'Pulse games', introduction: 'Find the pulse' } },
      { page: `${UNIT_PAGE}/lesson/L1/slides/3` },
    );
    expect(await browsed()).toEqual([
      { title: 'Pulse games', href: `${UNIT_PAGE}/lesson/L1`, place: [] },
    ]);
  });
});
