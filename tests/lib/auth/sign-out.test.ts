import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { logout } from '../../../src/lib/auth/logout';
import { finishPendingPurge, readSessionEnded, signOut } from '../../../src/lib/auth/sign-out';
import { handleUnauthorized, setUnauthorizedHandler } from '../../../src/lib/cms/unauthorized';
import { db, type PlaylistRecord } from '../../../src/lib/db/database';
import { sessionPartition } from '../../../src/lib/graphql-cache-key';
import { DEVICE_SETTING_KEYS } from '../../../src/lib/device-setting-keys';
import { STORAGE_KEYS } from '../../../src/lib/storage-keys';
import { postToWorker } from '../../../src/lib/sw-bridge';
import { fakeCaches } from '../../support/fake-cache-storage';

// The worker is told which session ended (it must not store answers still on their way for it).
vi.mock('../../../src/lib/sw-bridge', () => ({ postToWorker: vi.fn() }));

// A shared school device: a 401 ends the session exactly as Log Out does, and neither leaves the
// teacher's data behind for the next person, except edits the CMS has not confirmed.

const TEACHER = { id: 7, email: 'teacher@demo.school' };
const ORIGIN = location.origin;

function playlist(clientId: string, userId = '7'): PlaylistRecord {
  return {
    clientId,
    userId,
    documentId: null,
    title: clientId,
    audienceId: null,
    items: [],
    deleted: false,
    updatedAt: 1,
  };
}

let caches: ReturnType<typeof fakeCaches>;
let assign: ReturnType<typeof vi.fn>;

async function seedDevice() {
  localStorage.setItem('user', JSON.stringify(TEACHER));
  localStorage.setItem('auth', 'teacher-token');
  localStorage.setItem('role', 'active_subscriber');
  localStorage.setItem('music-classroom-query-cache', '{"profile":"Ada"}');
  useAuthStore.setState({
    user: TEACHER,
    authToken: 'teacher-token',
    userRole: 'active_subscriber',
  });
  await db.playlists.bulkPut([
    playlist('synced'),
    playlist('pending'),
    playlist('other-teacher', '8'),
  ]);
  await db.outbox.add({
    userId: '7',
    playlistClientId: 'pending',
    opId: 'o1',
    operation: { id: 'o1', type: 'rename', title: 'pending' },
    createdAt: 1,
    attempts: 0,
  });
  await db.documents.put({
    key: '7:LessonSlideShow:x',
    userId: '7',
    operationName: 'LessonSlideShow',
    variables: {},
    data: { slides: ['paid'] },
    storedAt: 1,
  });
  await db.downloads.put({
    id: '7:lesson:1',
    userId: '7',
    kind: 'lesson',
    contentId: '1',
    title: 'Lesson',
    path: '/l/1',
    status: 'complete',
    documentKeys: ['7:LessonSlideShow:x'],
    mediaUrls: ['/uploads/paid.png'],
    bytesTotal: 1,
    bytesDone: 1,
    updatedAt: 1,
  });
  await db.media.put({ url: '/uploads/paid.png', bytes: 1, usedBy: ['7:lesson:1'], storedAt: 1 });
  const graphql = await caches.open('graphql-v1');
  await graphql.put(
    `${ORIGIN}/__gql/s-teacher/UserRoleMembership?v=1`,
    Response.json({ data: { me: TEACHER } }),
  );
  await graphql.put(`${ORIGIN}/__gql/anon/Home?v=1`, Response.json({ data: { home: {} } }));
  await (
    await caches.open('media-runtime-v1')
  ).put(`${ORIGIN}/uploads/slide.png`, new Response('x'));
  await (await caches.open('media-downloads')).put('/uploads/paid.png', new Response('x'));
  // The downloaded lesson's first slide, as the worker paints it before the app runs.
  await (
    await caches.open('slide-snapshots-v1')
  ).put(`${ORIGIN}/l/1/slides/a/1`, Response.json({}));
  // A page the teacher opened (their playlist), as the worker paints it before the app runs.
  await (await caches.open('page-snapshots-v1')).put(`${ORIGIN}/playlists/p1`, Response.json({}));
}

/** What is left on the device of the teacher, store by store. */
async function leftOnDevice() {
  return {
    session: ['user', 'auth', 'role', 'music-classroom-query-cache'].filter(
      (key) => localStorage.getItem(key) !== null,
    ),
    playlists: (await db.playlists.toArray()).map((record) => record.clientId).sort(),
    outbox: await db.outbox.count(),
    documents: await db.documents.count(),
    downloads: await db.downloads.count(),
    graphql: [...(caches.stores.get('graphql-v1')?.keys() ?? [])].map((url) =>
      url.replace(ORIGIN, ''),
    ),
    mediaRuntime: caches.stores.has('media-runtime-v1'),
    mediaDownloads: [...(caches.stores.get('media-downloads')?.keys() ?? [])],
    slideSnapshots: caches.stores.has('slide-snapshots-v1'),
    pageSnapshots: caches.stores.has('page-snapshots-v1'),
  };
}

const PURGED = {
  session: [],
  playlists: ['other-teacher', 'pending'],
  outbox: 1,
  documents: 0,
  downloads: 0,
  graphql: ['/__gql/anon/Home?v=1'],
  mediaRuntime: false,
  mediaDownloads: [],
  slideSnapshots: false,
  pageSnapshots: false,
};

beforeEach(async () => {
  await Promise.all([
    db.documents.clear(),
    db.downloads.clear(),
    db.media.clear(),
    db.playlists.clear(),
    db.outbox.clear(),
  ]);
  caches = fakeCaches();
  vi.stubGlobal('caches', caches);
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: ORIGIN, assign });
  await seedDevice();
});

afterEach(() => {
  setUnauthorizedHandler(null);
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('signOut: one way a session ends', () => {
  it('Log Out purges the session, downloads, synced playlists and the worker caches, keeping unsynced edits', async () => {
    const navigate = vi.fn();
    await logout(navigate);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(await leftOnDevice()).toEqual(PURGED);
    expect(localStorage.getItem(STORAGE_KEYS.pendingPurge)).toBeNull();
    expect(useAuthStore.getState().authToken).toBeNull();
  });

  it('a 401 from the CMS purges exactly what Log Out does, then reloads to the home page', async () => {
    setUnauthorizedHandler(() => signOut('unauthorized'));
    handleUnauthorized();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(await leftOnDevice()).toEqual(PURGED);
    expect(useAuthStore.getState().authToken).toBeNull();
  });

  it('Log Out and a 401 tell the worker which session ended, so it keeps nothing more of it', async () => {
    const partition = await sessionPartition('teacher-token');
    await logout(() => undefined);
    await vi.waitFor(() =>
      expect(postToWorker).toHaveBeenCalledWith({ type: 'SESSION_ENDED', partition }),
    );

    vi.mocked(postToWorker).mockClear();
    await seedDevice();
    setUnauthorizedHandler(() => signOut('unauthorized'));
    handleUnauthorized();
    await vi.waitFor(() =>
      expect(postToWorker).toHaveBeenCalledWith({ type: 'SESSION_ENDED', partition }),
    );
  });

  // Another tab restarts when the session leaves local storage, and the worker paints it from a
  // snapshot it still holds: none of this teacher's may be left by then, for Log Out or a 401.
  it.each([
    ['Log Out', () => logout(() => undefined)],
    ['a 401', () => signOut('unauthorized')],
  ])(
    '%s: the pages and first slides painted before the app runs are gone before the session leaves',
    async (_name, end) => {
      const snapshotsWhenTheTokenWent: string[][] = [];
      const removeItem = Storage.prototype.removeItem;
      const spy = vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(function (
        this: Storage,
        key: string,
      ) {
        if (this === localStorage && key === STORAGE_KEYS.auth)
          snapshotsWhenTheTokenWent.push(
            ['slide-snapshots-v1', 'page-snapshots-v1'].filter((name) => caches.stores.has(name)),
          );
        removeItem.call(this, key);
      });
      await end();
      await vi.waitFor(() => expect(snapshotsWhenTheTokenWent).not.toEqual([]));
      spy.mockRestore();
      expect(snapshotsWhenTheTokenWent).toEqual([[]]);
      expect(await leftOnDevice()).toMatchObject({ slideSnapshots: false, pageSnapshots: false });
    },
  );

  it('a purge cut short is finished at the next start', async () => {
    const open = caches.open;
    caches.open = async () => {
      throw new DOMException('interrupted', 'AbortError');
    };
    await signOut('logout', () => undefined);
    expect(localStorage.getItem(STORAGE_KEYS.pendingPurge)).toBe('7');
    expect((await leftOnDevice()).graphql).toContain('/__gql/s-teacher/UserRoleMembership?v=1');

    caches.open = open;
    await finishPendingPurge();
    expect(await leftOnDevice()).toEqual(PURGED);
    expect(localStorage.getItem(STORAGE_KEYS.pendingPurge)).toBeNull();
  });
});

describe('what a sign-out leaves: this device’s own settings', () => {
  const PRACTICE_KEY = 'practice:/uploads/song.mp3';
  const PRACTICE = '{"loopStart":2,"loopEnd":9,"tempo":80}';

  it('Log Out keeps each recording’s practice settings', async () => {
    localStorage.setItem(PRACTICE_KEY, PRACTICE);
    await logout(() => undefined);
    expect(localStorage.getItem(PRACTICE_KEY)).toBe(PRACTICE);
    expect((await leftOnDevice()).session).toEqual([]);
  });

  it('a 401 keeps each recording’s practice settings', async () => {
    localStorage.setItem(PRACTICE_KEY, PRACTICE);
    setUnauthorizedHandler(() => signOut('unauthorized'));
    handleUnauthorized();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem(PRACTICE_KEY)).toBe(PRACTICE);
    expect((await leftOnDevice()).session).toEqual([]);
  });

  it('Log Out and a 401 keep the device’s audio description setting', async () => {
    localStorage.setItem(DEVICE_SETTING_KEYS.audioDescription, 'on');
    await logout(() => undefined);
    expect(localStorage.getItem(DEVICE_SETTING_KEYS.audioDescription)).toBe('on');
    await seedDevice();
    setUnauthorizedHandler(() => signOut('unauthorized'));
    handleUnauthorized();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem(DEVICE_SETTING_KEYS.audioDescription)).toBe('on');
  });

  it('a 401 before the app registered its sign-out still keeps practice settings', () => {
    localStorage.setItem(PRACTICE_KEY, PRACTICE);
    handleUnauthorized();
    expect(assign).toHaveBeenCalledWith('/');
    expect(localStorage.getItem(PRACTICE_KEY)).toBe(PRACTICE);
    expect(localStorage.getItem('auth')).toBeNull();
  });
});

describe('a 401 tells the teacher what happened', () => {
  it('stores what left the device and what was kept for the page it reloads to', async () => {
    setUnauthorizedHandler(() => signOut('unauthorized'));
    handleUnauthorized();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(readSessionEnded()).toEqual({ downloadsRemoved: 1, playlistsKept: 1 });
  });

  it('Log Out, the teacher’s own choice, leaves no such news', async () => {
    await logout(() => undefined);
    expect(readSessionEnded()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionEnded)).toBeNull();
  });
});
