import { lazy, type ComponentType } from 'react';
import { useRoutes } from 'react-router-dom';
import {
  PreviewPage,
  PreviewProblem,
  REFUSALS,
  type PreviewPages,
} from '../features/preview/routes/preview-page';

// The app's real pages, each its own chunk as in the app's route table (router.tsx).
const named = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));
const LessonPage = named(() => import('../features/units/routes/lesson-page'), 'LessonPage');
const UnitPage = named(() => import('../features/units/routes/unit-page'), 'UnitPage');
const ActivityPage = named(
  () => import('../features/activities/routes/activity-page'),
  'ActivityPage',
);
const ProgrammePage = named(
  () => import('../features/programmes/routes/programme-page'),
  'ProgrammePage',
);
const LessonModePage = named(
  () => import('../features/lesson-mode/routes/lesson-mode-page'),
  'LessonModePage',
);
const PreviewSlideshow = lazy(async () => ({
  default: (await import('./preview-slideshow')).PreviewSlideshow,
}));

const SLIDES = ':slide?/:subslideshow?/:subslide?';
const ACTIVITY = 'activity/:activity/:option?/:delivery?';
const UNIT = ':audience/:programme/unit/:unit';
const LESSON = `${UNIT}/lesson/:lesson`;

/**
 * The real pages a preview shows, at their own paths below /preview/{type}/{documentId} (the same
 * parameters as in the app's route table), so their links to what the preview holds stay in it.
 */
function previewPages({ prefix }: PreviewPages) {
  return <PreviewPageRoutes prefix={prefix} />;
}

// Route objects, not <Routes> elements: see PreviewRoutes in preview-page.tsx.
function PreviewPageRoutes({ prefix }: { prefix: string }) {
  return useRoutes([
    { path: LESSON, element: <LessonPage /> },
    { path: `${LESSON}/${ACTIVITY}`, element: <ActivityPage /> },
    { path: `${LESSON}/slides/:activity?/${SLIDES}`, element: <LessonModePage /> },
    { path: `${LESSON}/activity/:activity/slides/${SLIDES}`, element: <LessonModePage /> },
    { path: UNIT, element: <UnitPage /> },
    { path: `${UNIT}/${ACTIVITY}`, element: <ActivityPage /> },
    { path: `${UNIT}/activity/:activity/slides/${SLIDES}`, element: <LessonModePage /> },
    { path: ':audience/:programme', element: <ProgrammePage /> },
    { path: ACTIVITY, element: <ActivityPage /> },
    { path: `activity/:activity/slides/${SLIDES}`, element: <LessonModePage /> },
    { path: `slides/${SLIDES}`, element: <PreviewSlideshow basePath={`${prefix}/slides`} /> },
    { path: '*', element: <PreviewProblem message={REFUSALS['not-found']} bare /> },
  ]);
}

/** /preview/:type/:documentId/*: an editor's preview (src/features/preview) of the real pages. */
export function PreviewRoute() {
  return <PreviewPage pages={previewPages} />;
}
