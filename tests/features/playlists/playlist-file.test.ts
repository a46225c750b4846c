import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPlaylistDownloadPlan } from '../../../src/features/playlists/components/playlist-download-plan';
import { db, type PlaylistRecord } from '../../../src/lib/db/database';
import { checkLessonFile } from '../../../src/lib/lesson-files/open-lesson-file';
import { buildLessonFile, prepareLessonFile } from '../../../src/lib/lesson-files/save-lesson-file';
import { learnSigningKey } from '../../../src/lib/lesson-files/signing-key';
import { registerPlanBuilder, rebuildPlan } from '../../../src/lib/offline/plan-builders';
import { startDownload } from '../../../src/lib/offline/start-download';
import { ACTIVITY_ITEM, AUDIO_ITEM } from '../../../src/lib/sync/playlist-mapping';
import { fakeCaches } from '../../support/fake-cache-storage';
import { signingCms } from '../../support/signing-cms';

// A playlist travels as a file with the CMS's word for it (its PlaylistForFile answer, signed):
// the colleague who opens it gets a playlist of their own with the same items, synced like any
// other, and its lesson mode content stored from the file.

let cms: Awaited<ReturnType<typeof signingCms>>;

function signIn(id: number) {
  localStorage.setItem('user', JSON.stringify({ id, email: `t${id}@demo.school` }));
  localStorage.setItem('auth', 'token');
  localStorage.setItem('role', 'active_subscriber');
}

async function clearDevice() {
  await Promise.all(db.tables.map((table) => table.clear()));
  vi.stubGlobal('caches', fakeCaches());
  // jsdom's Blob reads neither slices nor streams; the one Node's fetch makes does.
  vi.stubGlobal('Blob', (await new Response('').blob()).constructor);
}

const PLAYLIST: PlaylistRecord = {
  clientId: 'pl-1',
  userId: '7',
  documentId: 'doc-pl-1',
  title: 'Year 3 warm-ups',
  audienceId: null,
  items: [
    {
      key: 'k1',
      kind: ACTIVITY_ITEM,
      title: 'Samba Grooves',
      itemId: 'act-1',
      contextPath: '/primary/rhythm-makers',
      details: { time: null, type: null, introduction: null },
    },
    {
      key: 'k2',
      kind: AUDIO_ITEM,
      title: 'Carnival drums',
      itemId: 'audio-1',
      contextPath: '/audio',
      details: { url: '/uploads/carnival.mp3', caption: 'Carnival drums', size: 4 },
    },
  ],
  deleted: false,
  updatedAt: 0,
  serverUpdatedAt: null,
  version: 1,
  serverState: null,
};

/** The playlist as the CMS answers PlaylistForFile. */
const onCms = (items = PLAYLIST.items) => ({
  playlists: [
    {
      documentId: 'doc-pl-1',
      title: PLAYLIST.title,
      client_id: 'pl-1',
      updatedAt: '2026-11-27T10:00:00.000Z',
      audience: null,
      playlist_item: items.map((item) =>
        item.kind === ACTIVITY_ITEM
          ? {
              __typename: ACTIVITY_ITEM,
              item_key: item.key,
              title: item.title,
              context_path: item.contextPath,
              item: { documentId: item.itemId, title: item.title },
            }
          : {
              __typename: AUDIO_ITEM,
              item_key: item.key,
              title: item.title,
              context_path: item.contextPath,
              item: { documentId: item.itemId, url: '/uploads/carnival.mp3', size: 4 },
            },
      ),
    },
  ],
});

async function downloadOnDeviceA() {
  signIn(7);
  await db.playlists.put(PLAYLIST);
  const plan = (await rebuildPlan({
    id: '7:playlist:pl-1',
    userId: '7',
    kind: 'playlist',
    contentId: 'pl-1',
    title: PLAYLIST.title,
    path: '/playlists/pl-1',
    status: 'complete',
    documentKeys: [],
    mediaUrls: [],
    bytesTotal: 0,
    bytesDone: 0,
    planParams: { clientId: 'pl-1' },
    updatedAt: 0,
  }))!;
  return startDownload(plan);
}

beforeEach(async () => {
  await clearDevice();
  cms = await signingCms();
  cms.answers['{"clientId":"pl-1"}'] = onCms();
  cms.answers['{}'] = { playlistPage: { title: 'Playlists', introduction: null }, audiences: [] };
  // An activity whose page is gone: its (null) answer is still what lesson mode reads.
  cms.answers['{"id":"act-1"}'] = { activityPage: null };
  cms.sizes['/uploads/carnival.mp3'] = 4000;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => cms.online);
  registerPlanBuilder('playlist', buildPlaylistDownloadPlan);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a playlist saved as a file', () => {
  it("opens on another teacher's device as their own playlist of the same items, its content stored", async () => {
    const record = await downloadOnDeviceA();
    expect(record.error).toBeUndefined();
    expect(record.status).toBe('complete');
    const file = await buildLessonFile(await prepareLessonFile(record.id));

    await clearDevice();
    signIn(9);
    await learnSigningKey();
    cms.online = false;
    const check = await checkLessonFile(file);
    expect(check).toMatchObject({ kind: 'playlist', title: 'Year 3 warm-ups' });
    const opened = await check.open();

    const [copy, ...others] = await db.playlists.toArray();
    expect(others).toEqual([]);
    expect(copy).toMatchObject({ userId: '9', title: 'Year 3 warm-ups', documentId: null });
    expect(copy!.clientId).not.toBe('pl-1');
    expect(copy!.items.map(({ kind, itemId, title }) => ({ kind, itemId, title }))).toEqual(
      PLAYLIST.items.map(({ kind, itemId, title }) => ({ kind, itemId, title })),
    );
    // It reaches the CMS as this teacher's new playlist at the next sync.
    expect((await db.outbox.toArray()).map((entry) => entry.operation.type)).toEqual(['create']);
    expect(opened).toMatchObject({
      id: `9:playlist:${copy!.clientId}`,
      contentId: copy!.clientId,
      path: `/playlists/${copy!.clientId}`,
      status: 'complete',
      source: 'file',
    });
    expect(opened.mediaUrls).toEqual(['/uploads/carnival.mp3']);
    // The original's own answer stays behind; lesson mode's answers are stored for the copy.
    expect((await db.documents.toArray()).map((doc) => doc.operationName).sort()).toEqual([
      'ActivitySlideShow',
      'PlaylistPageContent',
    ]);
  });

  it('makes one copy per file, and none when opening it fails part-way', async () => {
    const record = await downloadOnDeviceA();
    const file = await buildLessonFile(await prepareLessonFile(record.id));
    await clearDevice();
    signIn(9);
    await learnSigningKey();
    cms.online = false;

    // The device fills up while the file's audio is stored: nothing of it stays, no copy either.
    const full = fakeCaches({ failPutFor: '/uploads/carnival.mp3' });
    vi.stubGlobal('caches', full);
    await expect((await checkLessonFile(file)).open()).rejects.toThrow();
    expect(await db.playlists.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.downloads.count()).toBe(0);

    full.options.failPutFor = undefined;
    await (await checkLessonFile(file)).open();
    await expect(checkLessonFile(file)).rejects.toMatchObject({ problem: 'copied-already' });
    expect(await db.playlists.count()).toBe(1);
  });

  it('is not saved while the CMS does not hold the playlist as this device shows it', async () => {
    const record = await downloadOnDeviceA();
    // Edited after the download: the download (and the CMS's signed copy in it) is older.
    await db.playlists.update('pl-1', { items: PLAYLIST.items.slice(0, 1) });
    await expect(prepareLessonFile(record.id)).rejects.toThrow(
      /This playlist has changes the download does not have yet/,
    );
  });
});
