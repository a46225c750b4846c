import { registerPlanBuilder } from '../lib/offline/plan-builders';

/**
 * Each kind of download's plan builder, so a download cut short before its files were listed
 * resumes from any page load (lib/offline cannot import the features that know the queries).
 * Each builder's code loads the first time a plan is rebuilt, not with a teacher's first page:
 * most starts resume nothing, and a teacher's first visit must stay within its 200 KiB budget.
 */
export function registerDownloadPlanBuilders(): void {
  registerPlanBuilder('lesson', async (params, record) =>
    (await import('../features/units/components/lesson-download-plan')).buildLessonDownloadPlan(
      params,
      record,
    ),
  );
  registerPlanBuilder('unit', async (params, record) =>
    (await import('../features/units/components/unit-download-plan')).buildUnitDownloadPlan(
      params,
      record,
    ),
  );
  registerPlanBuilder('playlist', async (params, record, atHand) =>
    (
      await import('../features/playlists/components/playlist-download-plan')
    ).buildPlaylistDownloadPlan(params, record, atHand),
  );
  registerPlanBuilder('audio-page', async (params, record) =>
    (
      await import('../features/libraries/components/audio-page-download-plan')
    ).buildAudioPageDownloadPlan(params, record),
  );
}
