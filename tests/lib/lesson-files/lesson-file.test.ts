import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type DownloadRecord } from '../../../src/lib/db/database';
import { checkLessonFile } from '../../../src/lib/lesson-files/open-lesson-file';
import { buildLessonFile, prepareLessonFile } from '../../../src/lib/lesson-files/save-lesson-file';
import type { LessonFileProblem } from '../../../src/lib/lesson-files/lesson-file-error';
import { learnSigningKey } from '../../../src/lib/lesson-files/signing-key';
import { entryBytes, readZipDirectory } from '../../../src/lib/lesson-files/zip-directory';
import { zipOf } from '../../../src/lib/lesson-files/zip-writer';
import type { LessonFileManifest } from '../../../src/lib/lesson-files/lesson-file-format';
import { resumeDownloads } from '../../../src/lib/offline/download-manager';
import { checkForNewerVersion } from '../../../src/lib/offline/download-freshness';
import { registerPlanBuilder } from '../../../src/lib/offline/plan-builders';
import { startDownload } from '../../../src/lib/offline/start-download';
import { fakeCaches } from '../../support/fake-cache-storage';
import { leftBehind } from '../offline/offline-test-kit';
import { fileBytes, signingCms } from '../../support/signing-cms';
import {
  activityLessonPlan,
  lesson,
  slides,
  SLIDES,
  LESSON,
} from '../offline/lesson-with-activities';

// A lesson file carries a download from one device to another: every answer and file is the
// CMS's, byte for byte (its signatures say so), and opening it stores exactly what a download
// would, or nothing at all.

let cms: Awaited<ReturnType<typeof signingCms>>;
const TEACHER_A = { id: 7, email: 'a@demo.school' };
const TEACHER_B = { id: 9, email: 'b@demo.school' };

function signIn(user: { id: number; email: string }, role = 'active_subscriber') {
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('auth', 'token');
  localStorage.setItem('role', role);
}

let deviceCaches = fakeCaches();

async function clearDevice() {
  await Promise.all(db.tables.map((table) => table.clear()));
  deviceCaches = fakeCaches();
  vi.stubGlobal('caches', deviceCaches);
  // jsdom's Blob reads neither slices nor streams; a browser's does, and so does the one
  // Node's fetch makes (a Response's blob()), used here in its place.
  vi.stubGlobal('Blob', (await new Response('').blob()).constructor);
}

/** What device B holds: every table that a download writes, and the files' cache. */
async function stored() {
  return {
    downloads: await db.downloads.count(),
    documents: await db.documents.count(),
    media: await db.media.count(),
    files: deviceCaches.stores.get('media-downloads')?.size ?? 0,
  };
}
const NOTHING = { downloads: 0, documents: 0, media: 0, files: 0 };

/** Device B's teacher's download record of the lesson, under way. */
const onDeviceB = (changes: Partial<DownloadRecord>): DownloadRecord =>
  leftBehind({
    id: '9:lesson:lesson-1',
    userId: '9',
    title: 'Samba',
    path: '/lessons/lesson-1',
    ...changes,
  });

/** Device A: downloads the lesson and saves it as a file. */
async function savedOnDeviceA(): Promise<Blob> {
  signIn(TEACHER_A);
  const record = await startDownload(activityLessonPlan('lesson-1', 'Samba'));
  expect(record.status).toBe('complete');
  // The progress the button counts rises to 1 and never past it.
  const progress: number[] = [];
  const file = await buildLessonFile(await prepareLessonFile(record.id), (fraction) =>
    progress.push(fraction),
  );
  expect(progress.at(-1)).toBe(1);
  expect(
    progress.every((fraction, index) => fraction <= 1 && fraction >= (progress[index - 1] ?? 0)),
  ).toBe(true);
  return file;
}

/** Device B: signed in as another subscriber, knows the CMS's key, then goes offline. */
async function deviceB(role = 'active_subscriber') {
  await clearDevice();
  signIn(TEACHER_B, role);
  cms.online = true;
  await learnSigningKey();
  cms.online = false;
}

async function refusal(file: Blob): Promise<LessonFileProblem | 'opened'> {
  try {
    await (await checkLessonFile(file)).open();
    return 'opened';
  } catch (error) {
    return (error as { problem: LessonFileProblem }).problem;
  }
}

/** The file with one byte changed, `at` bytes into the entry named `name`. */
async function withChangedByte(file: Blob, name: string, at = 0): Promise<Blob> {
  const entry = (await readZipDirectory(file)).get(name)!;
  const data = new Uint8Array(await (await entryBytes(file, entry)).arrayBuffer());
  const bytes = new Uint8Array(await file.arrayBuffer());
  const index = indexOf(bytes, data) + at;
  bytes[index] = bytes[index]! ^ 0xff;
  return new Blob([bytes]);
}

/** The file with its (unsigned) manifest changed by `change`, every other entry as it was. */
async function withManifest(
  file: Blob,
  change: (manifest: LessonFileManifest) => void,
  /** More entries, as copies of others: [new name, the entry copied]. */
  copies: [string, string][] = [],
): Promise<Blob> {
  const directory = await readZipDirectory(file);
  const entries = [];
  for (const [name, of] of copies)
    entries.push({ name, data: await entryBytes(file, directory.get(of)!) });
  for (const entry of directory.values()) {
    let data = await entryBytes(file, entry);
    if (entry.name === 'lesson-file.json') {
      const manifest = JSON.parse(await data.text()) as LessonFileManifest;
      change(manifest);
      data = new Blob([JSON.stringify(manifest)]);
    }
    entries.push({ name: entry.name, data });
  }
  return zipOf(entries, new Date());
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let start = 0; start <= haystack.length - needle.length; start += 1) {
    for (let index = 0; index < needle.length; index += 1)
      if (haystack[start + index] !== needle[index]) continue outer;
    return start;
  }
  throw new Error('entry not found');
}

beforeEach(async () => {
  await clearDevice();
  cms = await signingCms();
  cms.answers['{"lessonId":"lesson-1"}'] = lesson('Samba', ['act-1', 'act-2']);
  cms.answers['{"activityId":"act-1"}'] = slides('/uploads/drums.png', '/uploads/shared.mp3');
  cms.answers['{"activityId":"act-2"}'] = slides('/uploads/shared.mp3');
  cms.sizes['/uploads/drums.png'] = 3000;
  cms.sizes['/uploads/shared.mp3'] = 70_000;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => cms.online);
  registerPlanBuilder('lesson', (params, record) =>
    typeof params.lessonId === 'string'
      ? // As the app's builder does, the path is the record's (here: the file's manifest's).
        { ...activityLessonPlan(params.lessonId, record.title), path: record.path }
      : undefined,
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a lesson file', () => {
  it('opens offline on another device as the same download, answers and files byte for byte', async () => {
    const file = await savedOnDeviceA();
    await deviceB();

    const check = await checkLessonFile(file);
    expect(check).toMatchObject({ kind: 'lesson', title: 'Samba', fits: true });
    expect(check.newBytes).toBeGreaterThan(73_000);
    const record = await check.open();

    expect(record).toMatchObject({
      id: '9:lesson:lesson-1',
      userId: '9',
      status: 'complete',
      source: 'file',
      title: 'Samba',
    });
    expect(record.mediaUrls.sort()).toEqual(['/uploads/drums.png', '/uploads/shared.mp3']);
    const overview = await db.documents.get('9:LessonOverview:{"lessonId":"lesson-1"}');
    expect(overview?.data).toEqual(lesson('Samba', ['act-1', 'act-2']));
    expect(overview?.document).toBe(LESSON);
    expect((await db.documents.get('9:ActivitySlides:{"activityId":"act-2"}'))?.document).toBe(
      SLIDES,
    );
    const cache = await caches.open('media-downloads');
    for (const path of ['/uploads/drums.png', '/uploads/shared.mp3']) {
      const response = (await cache.match(path))!;
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(
        fileBytes(path, cms.sizes[path]!),
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await stored()).toEqual({ downloads: 1, documents: 3, media: 2, files: 2 });
  });

  it('is refused, storing nothing, when a byte of a file, an answer or the manifest changed', async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    for (const [name, at] of [
      ['files/1', 5000],
      ['answers/0.json', 12],
      ['answers/1.graphql', 3],
    ] as const) {
      expect(await refusal(await withChangedByte(file, name, at))).toBe('changed');
      expect(await stored()).toEqual(NOTHING);
    }
  });

  it('is refused when truncated, from another CMS, or opened by a trial teacher', async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    expect(await refusal(file.slice(0, file.size - 200))).toBe('truncated');
    expect(await refusal(file.slice(0, Math.floor(file.size / 2)))).toBe('truncated');
    expect(await refusal(new Blob(['not a zip']))).toBe('not-a-lesson-file');
    expect(await stored()).toEqual(NOTHING);

    await deviceB('authenticated');
    expect(await refusal(file)).toBe('subscribers-only');
    expect(await stored()).toEqual(NOTHING);

    // Device C learnt another CMS's key.
    await clearDevice();
    cms = await signingCms();
    await deviceB();
    expect(await refusal(file)).toBe('other-cms');
    expect(await stored()).toEqual(NOTHING);
  });

  it("trusts nothing the manifest says that no signature covers: not its title, path or files' types", async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    for (const path of [
      '/\\evil.example/x',
      '/\t/evil.example/x',
      'https://evil.example/',
      '/a/../b',
      // Pages of this app, but not the lesson's own.
      '/subscribe',
      '/playlists/seed-subscriber-playlist',
    ])
      expect(
        await refusal(await withManifest(file, (manifest) => (manifest.item.path = path))),
      ).toBe('changed');
    expect(await stored()).toEqual(NOTHING);

    const record = await (
      await checkLessonFile(
        await withManifest(file, (manifest) => {
          manifest.item.title = 'Full lesson (subscriber edition)';
          for (const media of manifest.files) media.type = 'text/html';
        }),
      )
    ).open();
    expect(record.title).toBe('Samba');
    const png = (await (await caches.open('media-downloads')).match('/uploads/drums.png'))!;
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a manifest that lists one signed answer twice', async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    // The same signed answer listed again under other entry names (the file padded with it).
    const padded = await withManifest(
      file,
      (manifest) => {
        manifest.answers.push({ ...manifest.answers[0]!, entry: 'x.json', query: 'x.graphql' });
      },
      [
        ['x.json', 'answers/0.json'],
        ['x.graphql', 'answers/0.graphql'],
      ],
    );
    expect(await refusal(padded)).toBe('changed');
    expect(await stored()).toEqual(NOTHING);
  });

  it("is refused when its answers were made for another role than the opener's", async () => {
    cms.role = 'authenticated';
    const file = await savedOnDeviceA();
    await deviceB();
    expect(await refusal(file)).toBe('other-role');
    expect(await stored()).toEqual(NOTHING);
  });

  it('never replaces a download of the same lesson on the device, finished or under way', async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    const check = await checkLessonFile(file);
    // Made available offline in another tab after the check, and still under way.
    const underWay = onDeviceB({
      documentKeys: ['9:LessonOverview:{"lessonId":"lesson-1"}'],
      updatedAt: 1,
    });
    await db.downloads.put(underWay);
    await expect(check.open()).rejects.toMatchObject({ problem: 'downloading-here' });
    expect(await db.downloads.toArray()).toEqual([underWay]);
    expect(await refusal(file)).toBe('downloading-here');
  });

  it('stores a file the device already holds once, counted for both downloads', async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    cms.online = true;
    cms.answers['{"lessonId":"lesson-2"}'] = lesson('Carnival', ['act-2']);
    await startDownload(activityLessonPlan('lesson-2', 'Carnival'));
    cms.online = false;

    await (await checkLessonFile(file)).open();
    expect((await db.media.get('/uploads/shared.mp3'))?.usedBy.sort()).toEqual([
      '9:lesson:lesson-1',
      '9:lesson:lesson-2',
    ]);
    expect(await stored()).toMatchObject({ downloads: 2, media: 2, files: 2 });
  });

  it('never turns back an answer another download stored more recently', async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    // Since the file was saved, the editor changed an activity both lessons use, and device B
    // downloaded the other lesson, with the activity as it is now.
    await new Promise((resolve) => setTimeout(resolve, 5));
    cms.online = true;
    const now = slides('/uploads/shared.mp3');
    now.activity.slides[0]!.size = 3;
    cms.answers['{"activityId":"act-2"}'] = now;
    cms.answers['{"lessonId":"lesson-2"}'] = lesson('Carnival', ['act-2']);
    await startDownload(activityLessonPlan('lesson-2', 'Carnival'));
    cms.online = false;

    await (await checkLessonFile(file)).open();
    expect((await db.documents.get('9:ActivitySlides:{"activityId":"act-2"}'))?.data).toEqual(now);
    // The file's own answers that no download holds are stored as the file has them.
    expect((await db.documents.get('9:LessonOverview:{"lessonId":"lesson-1"}'))?.data).toEqual(
      lesson('Samba', ['act-1', 'act-2']),
    );
  });

  it('once online, is checked for newer versions like any download', async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    const record = await (await checkLessonFile(file)).open();
    cms.online = true;
    expect(await checkForNewerVersion(record)).toBe('current');
    cms.answers['{"activityId":"act-2"}'] = slides('/uploads/shared.mp3', '/uploads/new.png');
    expect(await checkForNewerVersion(record)).toBe('newer');
  });

  it('is not taken for an opening a reload cut short by a resume that starts as its record appears', async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    const check = await checkLessonFile(file);
    // The app starts the download manager, which resumes what nobody runs, when the device's
    // first download record appears: here, the one this opening makes.
    const resumeOnFirstRecord = () => void resumeDownloads();
    db.downloads.hook('creating', resumeOnFirstRecord);
    try {
      const record = await check.open();
      expect(record.status).toBe('complete');
    } finally {
      db.downloads.hook('creating').unsubscribe(resumeOnFirstRecord);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stored()).toEqual({ downloads: 1, documents: 3, media: 2, files: 2 });
  });

  it('left unfinished by a reload is removed whole at the next start, not fetched', async () => {
    const file = await savedOnDeviceA();
    await deviceB();
    const check = await checkLessonFile(file);
    // The reload: the page stops after the record and answers were written.
    await db.downloads.put(
      onDeviceB({ title: check.title, source: 'file', mediaUrls: ['/uploads/drums.png'] }),
    );
    cms.online = true;
    resumeDownloads();
    await vi.waitFor(async () => expect(await db.downloads.count()).toBe(0));
    expect(cms.fetched).toEqual(['/uploads/drums.png', '/uploads/shared.mp3']);
  });
});
