import type { DownloadRun } from '../offline/download-plan';
import { ACTIVITY_SLIDE_SHOW } from './activity-slide-show';
import { LESSON_SLIDE_SHOW, type LessonSlideShowData } from './lesson-slide-show';
import type { SlideShowData } from './slide-fields';
import { SLIDE_SHOW } from './slide-show';

function subSlideShowIds(slideShow: SlideShowData | null | undefined): string[] {
  return (slideShow?.activity_slides ?? []).flatMap((slide) =>
    (slide.sub_slides2 ?? []).flatMap((sub) =>
      sub.activity_slideshow ? [sub.activity_slideshow.documentId] : [],
    ),
  );
}

/**
 * Everything lesson mode asks for to run a lesson, with exactly the variables it uses (so the
 * stored answers are the ones it finds offline): the lesson's slideshow, each activity's own
 * slideshow (for 'Start Activity' and the activity routes) and every sub-slideshow.
 */
export async function collectLessonSlides(run: DownloadRun, lessonId: string): Promise<void> {
  const answer = await run<{ lesson: LessonSlideShowData | null }>(LESSON_SLIDE_SHOW, {
    id: lessonId,
  });
  const activityIds = (answer.lesson?.activity ?? []).flatMap((entry) =>
    entry.activity ? [entry.activity.documentId] : [],
  );
  await collectActivitySlides(run, activityIds);
}

/**
 * What lesson mode asks for to run a list of activities (a lesson's, or a playlist's): each
 * activity's slideshow and every sub-slideshow they link to, each once.
 */
export async function collectActivitySlides(
  run: DownloadRun,
  activityIds: string[],
): Promise<void> {
  const subIds = new Set<string>();
  for (const id of new Set(activityIds)) {
    const answer = await run<{ activityPage: { activity_slideshow: SlideShowData | null } | null }>(
      ACTIVITY_SLIDE_SHOW,
      { id },
    );
    for (const subId of subSlideShowIds(answer.activityPage?.activity_slideshow)) subIds.add(subId);
  }
  for (const id of subIds) await run(SLIDE_SHOW, { id });
}
