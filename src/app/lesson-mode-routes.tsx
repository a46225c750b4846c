import type { RouteObject } from 'react-router-dom';
import { Spinner } from '../lib/ui/spinner';
import { page } from './lazy-page';
import { LessonModeLayout } from './lesson-mode-layout';
import { RouteErrorPage } from './route-error-page';

/**
 * A path whose last segments are optional (`a/b/:x?/:y?`) as the route `a/b` with each optional
 * segment nested below it as a route that renders nothing: the same matches, ranks and
 * parameters, but React Router ranks n + 1 branches at start instead of the 2^n it expands
 * optional segments into (a playlist's slides were 16). Lesson mode's 16 paths went from 160
 * branches to 68: React Router's own time in a page load at 4x slowdown fell from 58-75 ms to
 * 45-48 ms, on every start's critical path. The page stays one route object at every depth, so
 * a slide change never remounts it.
 */
function withOptionalTail(
  path: string,
  route: Omit<RouteObject, 'path' | 'children' | 'index'>,
): RouteObject {
  const segments = path.split('/');
  const first = segments.findIndex((segment) => segment.endsWith('?'));
  if (first < 0) return { ...route, path };
  const tail = segments.slice(first);
  if (!tail.every((segment) => segment.endsWith('?'))) {
    throw new Error(`${path}: only a path's last segments may be optional here`);
  }
  const children = tail.reduceRight<RouteObject[] | undefined>(
    (below, segment) => [{ path: segment.slice(0, -1), element: null, children: below }],
    undefined,
  );
  return { ...route, path: segments.slice(0, first).join('/'), children };
}

/**
 * Lesson mode's eight route families (spec part 2, "Lesson mode"), outside the page shell. Route
 * ranking is global, so these win over the shell's activity routes for the same prefix.
 */
const lessonMode = page(
  () => import('../features/lesson-mode/routes/lesson-mode-page'),
  'LessonModePage',
);
const SLIDE = ':slide?/:subslideshow?/:subslide?';
export const LESSON_MODE_PATHS = [
  `playlists/:playlistId/slides/:item?/${SLIDE}`,
  `:audience/:programme/unit/:unit/lesson/:lesson/activity/:activity/slides/${SLIDE}`,
  `:audience/:programme/unit/:unit/lesson/:lesson/slides/:activity?/${SLIDE}`,
  // A unit's own activities ('Start Activity' on .../unit/{unit}/activity/{activity}).
  `:audience/:programme/unit/:unit/activity/:activity/slides/${SLIDE}`,
  `:audience/:programme/custom-unit/:customUnit/lesson/:lesson/activity/:activity/slides/${SLIDE}`,
  `:audience/:programme/custom-unit/:customUnit/lesson/:lesson/slides/:activity?/${SLIDE}`,
  `custom-unit/:customUnit/lesson/:lesson/activity/:activity/slides/${SLIDE}`,
  `custom-unit/:customUnit/lesson/:lesson/slides/:activity?/${SLIDE}`,
  `live/:liveprogramme/:liveproduction/activity/:activity/slides/${SLIDE}`,
  `:audience/:keystage/project/:projectslug/activity/:activity/slides/${SLIDE}`,
  // The secondary key stages are static paths in the shell, so they need static twins here.
  ...['ks-3', 'ks4', 'KS5'].map(
    (keystage) => `secondary/${keystage}/project/:projectslug/activity/:activity/slides/${SLIDE}`,
  ),
  // A project opened from the secondary home's box, /secondary/{projectslug}/activity/{activity}.
  `secondary/:projectslug/activity/:activity/slides/${SLIDE}`,
  `:audience/:programme/activities/:section/:activity/slides/${SLIDE}`,
  `:audience/activities/:section/:activity/slides/${SLIDE}`,
];

/** Lesson mode, outside the page shell: one route for the app's table (src/app/router.tsx). */
export const lessonModeRoute: RouteObject = {
  id: 'lesson-mode',
  Component: LessonModeLayout,
  errorElement: <RouteErrorPage />,
  hydrateFallbackElement: <Spinner />,
  children: LESSON_MODE_PATHS.map((path) => withOptionalTail(`/${path}`, { lazy: lessonMode })),
};
