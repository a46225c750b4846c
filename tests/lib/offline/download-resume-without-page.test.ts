import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { resumeDownloads } from '../../../src/lib/offline/download-manager';
import { registerPlanBuilder } from '../../../src/lib/offline/plan-builders';
import {
  clearOfflineTables,
  leftBehind,
  lessonPlan,
  offlineTestKit,
  undoOfflineTestKit,
} from './offline-test-kit';

// Downloads never hang: a download that a reload cut short while its queries ran (its files not
// listed yet) carries on by itself from any page load, with no page of it open.

let kit: ReturnType<typeof offlineTestKit>;
const ID = '7:lesson:lesson-1';

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  kit.answers['{"id":"lesson-1"}'] = {
    lesson: {
      slides: [
        { url: '/uploads/guide.pdf', size: 2 },
        { url: '/uploads/slide.jpg', size: 1 },
      ],
    },
  };
  // What a reload during the query phase leaves: a record with no answers and no file list.
  await db.downloads.put(
    leftBehind({
      id: ID,
      title: 'Lesson 1: Finding the pulse',
      path: '/primary/sound-explorers/unit-1/lesson-1',
      filesListed: false,
      planParams: { lessonId: 'lesson-1' },
    }),
  );
  // As the app registers each kind's builder at start (src/app/download-plan-builders.ts).
  registerPlanBuilder('lesson', (params, record) =>
    typeof params.lessonId === 'string'
      ? { ...lessonPlan(params.lessonId), title: record.title }
      : undefined,
  );
});

afterEach(undoOfflineTestKit);

describe('a download cut short before its files were listed', () => {
  it('with no page of it open, waits offline and completes by itself when the network returns', async () => {
    kit.online = false;
    resumeDownloads();
    await vi.waitFor(async () => expect((await db.downloads.get(ID))?.status).toBe('queued'));

    kit.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect((await db.downloads.get(ID))?.status).toBe('complete'));
    const record = (await db.downloads.get(ID))!;
    expect(record.mediaUrls.sort()).toEqual(['/uploads/guide.pdf', '/uploads/slide.jpg']);
    expect(record.documentKeys).toEqual(['7:LessonSlideShow:{"id":"lesson-1"}']);
    expect(record.filesDone).toBe(2);
    expect(kit.fetched.sort()).toEqual(['/uploads/guide.pdf', '/uploads/slide.jpg']);
  });

  it('online at start, completes at once without its page', async () => {
    resumeDownloads();
    await vi.waitFor(async () => expect((await db.downloads.get(ID))?.status).toBe('complete'));
    expect((await db.downloads.get(ID))?.title).toBe('Lesson 1: Finding the pulse');
  });
});
