import type { DownloadPlan } from '../../../src/lib/offline/download-plan';

/** A lesson made of activities, as the app's lesson plan stores it (for the update tests). */

export const LESSON =
  'query LessonOverview($lessonId: ID!) { lesson(documentId: $lessonId) { title activities { documentId } } }';
export const SLIDES =
  'query ActivitySlides($activityId: ID!) { activity(documentId: $activityId) { slides { url size } } }';

/** Like the app's lesson plan: the overview names the activities whose slideshows it stores. */
export function activityLessonPlan(lessonId: string, title: string): DownloadPlan {
  return {
    kind: 'lesson',
    contentId: lessonId,
    params: { lessonId },
    title,
    path: `/lessons/${lessonId}`,
    ownsPath: (path) => path === `/lessons/${lessonId}`,
    collect: async (run, found) => {
      const overview = await run<{
        lesson: { title: string; activities: { documentId: string }[] };
      }>(LESSON, { lessonId });
      found?.title(overview.lesson.title);
      for (const { documentId } of overview.lesson.activities)
        await run(SLIDES, { activityId: documentId });
    },
  };
}

export const lesson = (title: string, activities: string[]) => ({
  lesson: { title, activities: activities.map((documentId) => ({ documentId })) },
});

/** An activity's slides; each file's size as the CMS gives it (kB), 2 unless said. */
export const slides = (...files: (string | [string, number])[]) => ({
  activity: {
    slides: files.map((file) =>
      typeof file === 'string' ? { url: file, size: 2 } : { url: file[0], size: file[1] },
    ),
  },
});
