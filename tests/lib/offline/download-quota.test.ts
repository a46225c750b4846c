import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { startDownload } from '../../../src/lib/offline/download-manager';
import type { DownloadPlan } from '../../../src/lib/offline/download-plan';
import {
  clearOfflineTables,
  LESSON_QUERY,
  lessonPlan,
  offlineTestKit,
  undoOfflineTestKit,
} from './offline-test-kit';

let kit: ReturnType<typeof offlineTestKit>;

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  for (let index = 1; index <= 12; index += 1)
    kit.answers[`{"id":"lesson-${index}"}`] = {
      lesson: { slides: [{ url: `/uploads/${index}.jpg`, size: 1 }] },
    };
});

afterEach(undoOfflineTestKit);

/** A unit of twelve lessons; lesson 1 is also downloaded on its own. */
const unit: DownloadPlan = {
  kind: 'unit',
  contentId: 'unit-1',
  title: 'Listening and moving',
  path: '/units/unit-1',
  collect: async (run) => {
    for (let index = 1; index <= 12; index += 1) await run(LESSON_QUERY, { id: `lesson-${index}` });
  },
};

/** IndexedDB full at the eleventh answer, wrapped the ways Dexie and browsers wrap it. */
const WRAPPED_QUOTA_ERRORS: [string, () => Error][] = [
  ['Dexie.QuotaExceededError', () => new Dexie.QuotaExceededError('full')],
  [
    'an AbortError whose inner error is a QuotaExceededError',
    () => new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError')),
  ],
  [
    'an error whose inner is a Dexie QuotaExceededError',
    () =>
      Object.assign(new Error('Transaction failed'), {
        inner: new Dexie.QuotaExceededError('full', new DOMException('full', 'QuotaExceededError')),
      }),
  ],
];

describe('out of space is said as out of space', () => {
  it.each(WRAPPED_QUOTA_ERRORS)(
    'IndexedDB full (%s): the download goes with what it stored alone, and it says the device is full',
    async (_, quotaError) => {
      expect((await startDownload(lessonPlan('lesson-1'))).status).toBe('complete');
      const put = db.documents.put.bind(db.documents);
      let answers = 0;
      vi.spyOn(db.documents, 'put').mockImplementation((document, key) => {
        answers += 1;
        return answers === 11 ? (Promise.reject(quotaError()) as never) : put(document, key);
      });

      await expect(startDownload(unit)).rejects.toThrow(
        'This device ran out of storage space, so the download was stopped and removed.',
      );
      expect(await db.downloads.get('7:unit:unit-1')).toBeUndefined();
      // Only lesson 1's answer (its own download) is left.
      expect((await db.documents.toArray()).map((document) => document.key)).toEqual([
        '7:LessonSlideShow:{"id":"lesson-1"}',
      ]);
      expect((await db.downloads.get('7:lesson:lesson-1'))?.status).toBe('complete');
    },
  );
});
