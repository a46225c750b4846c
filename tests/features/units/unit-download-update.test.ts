import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildUnitDownloadPlan,
  unitDownloadPlan,
} from '../../../src/features/units/components/unit-download-plan';
import { db } from '../../../src/lib/db/database';
import { checkForNewerVersion, updateDownload } from '../../../src/lib/offline/download-freshness';
import { startDownload } from '../../../src/lib/offline/download-manager';
import { hasNewerVersion } from '../../../src/lib/offline/newer-versions';
import { registerPlanBuilder } from '../../../src/lib/offline/plan-builders';
import {
  clearOfflineTables,
  offlineTestKit,
  undoOfflineTestKit,
} from '../../lib/offline/offline-test-kit';

// 'Update' on a downloaded unit takes the unit's title as the CMS has it now (as a
// lesson's does) and collects a lesson the editor added to the unit.

const ID = '7:unit:U1';
// Answers carry every field their query selects (the client refuses others); null where this
// test has nothing to say.
const scheme = (title: string, lessons: string[]) => ({
  scheme: {
    documentId: 'U1',
    title,
    introduction: null,
    documents: null,
    lessons: lessons.map((documentId) => ({ documentId, title: documentId })),
    scheme_activities: null,
    activity_sections: null,
  },
  programmes: [],
});
const overview = () => ({ lesson: null, scheme: null });

let kit: ReturnType<typeof offlineTestKit>;

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  kit.answers['{"id":"U1","programmeSlug":"rhythm-makers"}'] = scheme('Drumming circles', ['L1']);
  kit.answers['{"lessonId":"L1","schemeId":"U1"}'] = overview();
  kit.answers['{"lessonId":"L2","schemeId":"U1"}'] = overview();
  // Each lesson's slideshow, for lesson mode (none: this test is about the unit).
  kit.answers['{"id":"L1"}'] = { lesson: null };
  kit.answers['{"id":"L2"}'] = { lesson: null };
  // As src/app/download-plan-builders.ts registers the unit's builder at start.
  registerPlanBuilder('unit', buildUnitDownloadPlan);
  await startDownload(
    unitDownloadPlan({
      unitId: 'U1',
      programmeSlug: 'rhythm-makers',
      lessonIds: ['L1'],
      title: 'Drumming circles',
      path: '/primary/rhythm-makers/unit/U1',
    }),
  );
});

afterEach(undoOfflineTestKit);

describe('updating a downloaded unit', () => {
  it("takes the unit's new title and stores the lesson the editor added", async () => {
    kit.answers['{"id":"U1","programmeSlug":"rhythm-makers"}'] = scheme(
      'Drumming circles and rounds',
      ['L1', 'L2'],
    );
    const before = (await db.downloads.get(ID))!;
    expect(await checkForNewerVersion(before)).toBe('newer');
    expect(hasNewerVersion(ID)).toBe(true);

    expect(await updateDownload(before)).toEqual({ updated: true });

    const after = (await db.downloads.get(ID))!;
    expect(after).toMatchObject({ title: 'Drumming circles and rounds', status: 'complete' });
    expect(
      await db.documents.get('7:SchemeLessonsQuery:{"lessonId":"L2","schemeId":"U1"}'),
    ).toBeDefined();
    expect(hasNewerVersion(ID)).toBe(false);
    expect(await checkForNewerVersion(after)).toBe('current');
  });
});
