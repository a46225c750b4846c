import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onDownloadedAnswerChanged, requestCms } from '../../../src/lib/cms/graphql-client';
import { db } from '../../../src/lib/db/database';
import { checkForNewerVersion, updateDownload } from '../../../src/lib/offline/download-freshness';
import { startDownload, watchDownloadedAnswers } from '../../../src/lib/offline/download-manager';
import { hasNewerVersion } from '../../../src/lib/offline/newer-versions';
import { registerPlanBuilder } from '../../../src/lib/offline/plan-builders';
import { activityLessonPlan, lesson, LESSON, slides } from './lesson-with-activities';
import { clearOfflineTables, offlineTestKit, undoOfflineTestKit } from './offline-test-kit';

// Downloaded lessons learn about updates: an update collects what the new version adds, lets go
// of what it no longer uses, and keeps the storage page's title and size right.

const ID = '7:lesson:L1';
const plan = activityLessonPlan;

let kit: ReturnType<typeof offlineTestKit>;

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  kit.answers['{"lessonId":"L1"}'] = lesson('Lesson 1: Pulse', ['a1']);
  kit.answers['{"activityId":"a1"}'] = slides('/uploads/drum.jpg', '/uploads/old.mp3');
  kit.answers['{"activityId":"a2"}'] = slides('/uploads/drum.jpg', '/uploads/new.mp3');
  kit.sizes = { '/uploads/drum.jpg': 2000, '/uploads/old.mp3': 2000, '/uploads/new.mp3': 3000 };
  // As src/app/download-plan-builders.ts registers the lesson's builder at start.
  registerPlanBuilder('lesson', (params, record) => plan(String(params.lessonId), record.title));
  await startDownload(plan('L1', 'Lesson 1: Pulse'));
  kit.fetched = [];
});

afterEach(undoOfflineTestKit);

it("a download, a freshness check and an update ask the CMS itself, never the worker's fallback", async () => {
  expect(kit.graphql.length).toBeGreaterThan(0);
  editorAddsAnActivity();
  const record = (await db.downloads.get(ID))!;
  expect(await checkForNewerVersion(record)).toBe('newer');
  expect(await updateDownload((await db.downloads.get(ID))!)).toEqual({ updated: true });
  expect(kit.graphql.filter((request) => !request.networkOnly)).toEqual([]);
});

/** What the editor did: renamed the lesson and attached a second activity. */
function editorAddsAnActivity() {
  kit.answers['{"lessonId":"L1"}'] = lesson('Lesson 1: Pulse and rhythm', ['a1', 'a2']);
}

describe('updating a downloaded lesson', () => {
  it("stores a newly attached activity's slideshow and files, and takes the new title with the real size", async () => {
    editorAddsAnActivity();
    const before = (await db.downloads.get(ID))!;
    expect(await checkForNewerVersion(before)).toBe('newer');

    expect(await updateDownload(before)).toEqual({ updated: true });

    const after = (await db.downloads.get(ID))!;
    expect(await db.documents.get('7:ActivitySlides:{"activityId":"a2"}')).toBeDefined();
    expect(after.title).toBe('Lesson 1: Pulse and rhythm');
    expect(after.status).toBe('complete');
    // Only the new file is fetched; the shared one is counted once.
    expect(kit.fetched).toEqual(['/uploads/new.mp3']);
    expect(after.bytesTotal).toBe(2000 + 2000 + 3000);
    expect(await checkForNewerVersion(after)).toBe('current');
  });

  it('lets go of an activity the new version dropped, with the files only it used', async () => {
    kit.answers['{"lessonId":"L1"}'] = lesson('Lesson 1: Pulse', ['a2']);
    expect(await updateDownload((await db.downloads.get(ID))!)).toEqual({ updated: true });

    const after = (await db.downloads.get(ID))!;
    expect(await db.documents.get('7:ActivitySlides:{"activityId":"a1"}')).toBeUndefined();
    expect(await db.media.get('/uploads/old.mp3')).toBeUndefined();
    expect(after.mediaUrls.sort()).toEqual(['/uploads/drum.jpg', '/uploads/new.mp3']);
    expect(after.bytesTotal).toBe(2000 + 3000);
  });

  it('changes nothing when the CMS fails part-way, so the overview and the slides still agree', async () => {
    editorAddsAnActivity();
    kit.answers['{"activityId":"a2"}'] = undefined;
    const before = (await db.downloads.get(ID))!;

    expect((await updateDownload(before)).updated).toBe(false);

    const stored = await db.documents.get('7:LessonOverview:{"lessonId":"L1"}');
    expect(stored?.data).toEqual(lesson('Lesson 1: Pulse', ['a1']));
    expect((await db.downloads.get(ID))!).toMatchObject({
      title: 'Lesson 1: Pulse',
      status: 'complete',
    });
  });
});

describe('reading a downloaded lesson online', () => {
  it('answers from the stored copy, keeps it as it is, and marks the download as having a newer version', async () => {
    const stopWatching = watchDownloadedAnswers();
    const heard: string[] = [];
    const stopHearing = onDownloadedAnswerChanged((key) => heard.push(key));
    editorAddsAnActivity();

    const shown = await requestCms(LESSON, { lessonId: 'L1' });

    expect(shown).toEqual(lesson('Lesson 1: Pulse', ['a1']));
    // The background comparison is over once it tells of the newer answer.
    await expect.poll(() => heard).toEqual(['7:LessonOverview:{"lessonId":"L1"}']);
    await expect.poll(() => hasNewerVersion(ID)).toBe(true);
    const stored = await db.documents.get('7:LessonOverview:{"lessonId":"L1"}');
    expect(stored?.data).toEqual(lesson('Lesson 1: Pulse', ['a1']));
    stopWatching();
    stopHearing();
  });
});
