import type { APIRequestContext } from '@playwright/test';
import { apiLogIn, cmsQuery } from './cms-api';
import { signInAsEditor, type CmsEditor } from './cms-editor';
import { DEMO } from './fixtures';

const LESSON = 'api::lesson.lesson';

export interface ActivityWithSlides {
  documentId: string;
  title: string;
  activity_slideshow: { documentId: string } | null;
}

/**
 * A lesson of the editor's own in the seeded unit "Listening and moving", for tests of downloads
 * and their updates: the activities that have slides (by title) to build it from, and the
 * editor's create and revise, each published at once.
 */
export interface LessonBench {
  activities: ActivityWithSlides[];
  editor: CmsEditor;
  /** A published lesson; its page's path and id. */
  create: (
    title: string,
    activities: ActivityWithSlides[],
  ) => Promise<{ id: string; path: string }>;
  /** The editor's revision of the lesson: a new title and list of activities, published. */
  revise: (id: string, title: string, activities: ActivityWithSlides[]) => Promise<void>;
}

export async function lessonBench(request: APIRequestContext): Promise<LessonBench> {
  const token = await apiLogIn(request, DEMO.subscriber.email, DEMO.subscriber.password);
  const { activityPages } = await cmsQuery<{ activityPages: ActivityWithSlides[] }>(
    request,
    token,
    'query ActivitiesWithSlides { activityPages(pagination: { limit: 100 }, sort: "title:asc") { documentId title activity_slideshow { documentId } } }',
  );
  const { schemes } = await cmsQuery<{ schemes: { documentId: string }[] }>(
    request,
    token,
    'query Unit { schemes(filters: { title: { eq: "Listening and moving" } }) { documentId } }',
  );
  const unitPath = `/primary/sound-explorers/unit/${schemes[0]!.documentId}`;
  const entries = (activities: ActivityWithSlides[]) =>
    activities.map((activity) => ({
      section_divider: false,
      activity: { connect: [{ documentId: activity.documentId }] },
    }));
  const editor = await signInAsEditor(request);
  return {
    activities: activityPages.filter((activity) => activity.activity_slideshow),
    editor,
    async create(title, activities) {
      const id = await editor.create(LESSON, { title, activity: entries(activities) });
      return { id, path: `${unitPath}/lesson/${id}` };
    },
    revise: (id, title, activities) =>
      editor.update(LESSON, id, { title, activity: entries(activities) }),
  };
}
