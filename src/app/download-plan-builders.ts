import { buildAudioPageDownloadPlan } from '../features/libraries/components/audio-page-download-plan';
import { buildPlaylistDownloadPlan } from '../features/playlists/components/playlist-download-plan';
import { buildLessonDownloadPlan } from '../features/units/components/lesson-download-plan';
import { buildUnitDownloadPlan } from '../features/units/components/unit-download-plan';
import { registerPlanBuilder } from '../lib/offline/plan-builders';

/**
 * Each kind of download's plan builder, so a download cut short before its files were listed
 * resumes from any page load (lib/offline cannot import the features that know the queries).
 */
export function registerDownloadPlanBuilders(): void {
  registerPlanBuilder('lesson', buildLessonDownloadPlan);
  registerPlanBuilder('unit', buildUnitDownloadPlan);
  registerPlanBuilder('playlist', buildPlaylistDownloadPlan);
  registerPlanBuilder('audio-page', buildAudioPageDownloadPlan);
}
