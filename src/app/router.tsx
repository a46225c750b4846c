import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '../lib/ui/spinner';
import { LessonModeLayout } from './lesson-mode-layout';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

// The one route table. Each feature's routes/ file is loaded lazily, so every route family is
// its own chunk and the first load carries only what the first page needs. `handle.crumb` and
// `handle.crumbParam` feed the breadcrumb trail; the tree is nested so that every level of a
// path contributes its crumb. A page mounted at several places (the activity page, the
// programme page, the audio page) reads only the parameters it needs.

type PageModule = Record<string, unknown>;
/** A lazily loaded page: the module's named export becomes the route's Component. */
function page<M extends PageModule>(load: () => Promise<M>, name: keyof M & string): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}

const homePage = page(() => import('../features/home/routes/home-page'), 'HomePage');
const audiencePage = page(() => import('../features/audiences/routes/audience-page'), 'AudiencePage');
const secondaryHomePage = page(() => import('../features/audiences/routes/secondary-home-page'), 'SecondaryHomePage');
const landingPage = page(() => import('../features/audiences/routes/landing-page'), 'LandingPage');
const projectPage = page(() => import('../features/audiences/routes/project-page'), 'ProjectPage');
const programmePage = page(() => import('../features/programmes/routes/programme-page'), 'ProgrammePage');
const unitPage = page(() => import('../features/units/routes/unit-page'), 'UnitPage');
const lessonPage = page(() => import('../features/units/routes/lesson-page'), 'LessonPage');
const activityPage = page(() => import('../features/activities/routes/activity-page'), 'ActivityPage');
const activitySectionPage = page(
  () => import('../features/activities/routes/activity-section-page'),
  'ActivitySectionPage',
);
const activityLibraryPage = page(
  () => import('../features/libraries/routes/activity-library-page'),
  'ActivityLibraryPage',
);
const audioLibraryPage = page(() => import('../features/libraries/routes/audio-library-page'), 'AudioLibraryPage');
const audioCollectionPage = page(
  () => import('../features/libraries/routes/audio-collection-page'),
  'AudioCollectionPage',
);
const audioPage = page(() => import('../features/libraries/routes/audio-page'), 'AudioPage');
const atHomeLibraryPage = page(() => import('../features/at-home/routes/at-home-library-page'), 'AtHomeLibraryPage');
const atHomeActivityPage = page(
  () => import('../features/at-home/routes/at-home-activity-page'),
  'AtHomeActivityPage',
);

/** `activity/:activity/:option?/:delivery?` and the activity page (spec part 2, "Activity page"). */
const ACTIVITY = ':activity/:option?/:delivery?';
const activityRoute = (prefix = 'activity/'): RouteObject => ({
  path: `${prefix}${ACTIVITY}`,
  handle: { crumbParam: 'activity' },
  lazy: activityPage,
});

/** The audio library family: index, collection/{container}[/{page}] and the page itself. */
function audioLibraryRoutes(pagePath: string): RouteObject[] {
  return [
    { index: true, lazy: audioLibraryPage },
    {
      path: 'collection/:container',
      handle: { crumbParam: 'container' },
      children: [
        { index: true, lazy: audioCollectionPage },
        { path: ':page', handle: { crumbParam: 'page' }, lazy: audioPage },
      ],
    },
    { path: `${pagePath}:page`, handle: { crumbParam: 'page' }, lazy: audioPage },
  ];
}

/** Activity library with sections and their activities (audience and programme scoped). */
const activityLibraryRoutes: RouteObject[] = [
  { index: true, lazy: activityLibraryPage },
  {
    path: ':section',
    handle: { crumbParam: 'section' },
    children: [{ index: true, lazy: activitySectionPage }, activityRoute('')],
  },
];

/** /{audience}/{landing}/programme|project|page/{slug} (spec part 2, "Audience pages"). */
const landingChildren: RouteObject[] = [
  { path: 'programme/:slug', handle: { crumbParam: 'slug' }, lazy: programmePage },
  {
    path: 'project/:slug',
    handle: { crumbParam: 'slug' },
    children: [{ index: true, lazy: projectPage }, activityRoute()],
  },
  { path: 'page/:slug', handle: { crumbParam: 'slug' }, lazy: landingPage },
];

/** Secondary key stages: each has an index landing page and programme/project/page children. */
const KEY_STAGES = [
  { path: 'ks-3', crumb: 'KS3' },
  { path: 'ks4', crumb: 'KS4' },
  { path: 'KS5', crumb: 'KS5' },
];
const keyStageRoutes: RouteObject[] = KEY_STAGES.map(({ path, crumb }) => ({
  path,
  handle: { crumb },
  children: [
    { index: true, lazy: landingPage },
    { path: 'programme/:programme', handle: { crumbParam: 'programme' }, lazy: programmePage },
    {
      path: 'project/:projectpageslug',
      handle: { crumbParam: 'projectpageslug' },
      children: [{ index: true, lazy: projectPage }, activityRoute()],
    },
    { path: 'page/:landingPageSlug', handle: { crumbParam: 'landingPageSlug' }, lazy: landingPage },
  ],
}));

const customUnitsPage = page(() => import('../features/custom-units/routes/custom-units-page'), 'CustomUnitsPage');
const createUnitPage = page(() => import('../features/custom-units/routes/create-unit-page'), 'CreateUnitPage');
const customUnitPage = page(() => import('../features/custom-units/routes/custom-unit-page'), 'CustomUnitPage');
const customLessonPage = page(() => import('../features/custom-units/routes/custom-lesson-page'), 'CustomLessonPage');

/**
 * A custom unit and its lessons (spec part 2, "Custom units"), at /custom-unit/{unit} and under
 * its programme's 'Your units of work' (lesson mode's /{audience}/{programme}/custom-unit/...
 * family exits there, so that address must be a page too).
 */
const customUnitRoute = (path: string): RouteObject => ({
  path,
  handle: { crumbParam: 'customUnit' },
  children: [
    { index: true, lazy: customUnitPage },
    {
      path: 'lesson/:lesson',
      handle: { crumbParam: 'lesson' },
      children: [{ index: true, lazy: customLessonPage }, activityRoute()],
    },
  ],
});

const programmeChildren: RouteObject[] = [
  { index: true, lazy: programmePage },
  {
    path: 'custom-unit',
    handle: { crumb: 'Your units of work' },
    children: [{ index: true, lazy: customUnitsPage }, customUnitRoute(':customUnit')],
  },
  { path: 'create-unit', handle: { crumb: 'Create a unit' }, lazy: createUnitPage },
  {
    path: 'unit/:unit',
    handle: { crumbParam: 'unit' },
    children: [
      { index: true, lazy: unitPage },
      { path: 'activities/:section', handle: { crumbParam: 'section' }, lazy: activitySectionPage },
      activityRoute(),
      {
        path: 'lesson/:lesson',
        handle: { crumbParam: 'lesson' },
        children: [{ index: true, lazy: lessonPage }, activityRoute()],
      },
    ],
  },
  { path: 'activities', handle: { crumb: 'Activity Library' }, children: activityLibraryRoutes },
  { path: 'audio', handle: { crumb: 'Audio Library' }, children: audioLibraryRoutes('') },
  {
    path: 'at-home/:library',
    handle: { crumb: 'At home', hideNavigation: true },
    children: [
      { index: true, lazy: atHomeLibraryPage },
      { path: ':activity', handle: { crumbParam: 'activity' }, lazy: atHomeActivityPage },
    ],
  },
];

/**
 * A path whose last segments are optional (`a/b/:x?/:y?`) as the route `a/b` with each optional
 * segment nested below it as a route that renders nothing: the same matches, ranks and
 * parameters, but React Router ranks n + 1 branches at start instead of the 2^n it expands
 * optional segments into (a playlist's slides were 16). Lesson mode's 16 paths went from 160
 * branches to 68: React Router's own time in a page load at 4x slowdown fell from 58-75 ms to
 * 45-48 ms, on every start's critical path. The page stays one route object at every depth, so
 * a slide change never remounts it.
 */
function withOptionalTail(path: string, route: Omit<RouteObject, 'path' | 'children' | 'index'>): RouteObject {
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
const lessonMode = page(() => import('../features/lesson-mode/routes/lesson-mode-page'), 'LessonModePage');
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

export const routes: RouteObject[] = [
  {
    id: 'lesson-mode',
    Component: LessonModeLayout,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <Spinner />,
    children: LESSON_MODE_PATHS.map((path) => withOptionalTail(`/${path}`, { lazy: lessonMode })),
  },
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { index: true, lazy: homePage },
      { path: 'welcome/:welcome', lazy: homePage },
      { path: 'login', lazy: homePage, handle: { crumb: 'Login' } },
      {
        path: 'subscribe',
        handle: { crumb: 'Account' },
        lazy: page(() => import('../features/account/routes/subscribe-page'), 'SubscribePage'),
      },
      {
        path: 'account/reset-password',
        handle: { crumb: 'Reset password' },
        lazy: page(() => import('../features/account/routes/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        // Spec part 1, breadcrumb: the fixed labels 'Playlists' and 'Playlist'.
        path: 'playlists',
        handle: { crumb: 'Playlists' },
        children: [
          { index: true, lazy: page(() => import('../features/playlists/routes/playlists-page'), 'PlaylistsPage') },
          {
            path: ':playlistId',
            handle: { crumb: 'Playlist' },
            lazy: page(() => import('../features/playlists/routes/playlist-page'), 'PlaylistPage'),
          },
        ],
      },
      customUnitRoute('custom-unit/:customUnit'),
      {
        path: 'offline',
        handle: { crumb: 'Offline storage' },
        lazy: page(() => import('../features/offline/routes/storage-page'), 'StoragePage'),
      },
      {
        // Issue 23: an editor's draft, opened from the CMS admin's preview (signed link).
        path: 'preview/:type/:documentId',
        handle: { crumb: 'Preview' },
        lazy: page(() => import('../features/preview/routes/preview-page'), 'PreviewPage'),
      },
      {
        path: 'privacy',
        handle: { crumb: 'Privacy policy' },
        lazy: page(() => import('../features/legal/routes/privacy-page'), 'PrivacyPage'),
      },
      {
        path: 'terms-and-conditions',
        handle: { crumb: 'Terms and Conditions' },
        lazy: page(() => import('../features/legal/routes/terms-page'), 'TermsPage'),
      },
      {
        path: 'cpd',
        handle: { crumb: 'CPD' },
        children: [
          { index: true, lazy: page(() => import('../features/cpd/routes/cpd-page'), 'CpdPage') },
          {
            path: 'live-event/:cpdLiveEvent',
            handle: { crumb: 'CPD Live Event' },
            lazy: page(() => import('../features/cpd/routes/cpd-live-event-page'), 'CpdLiveEventPage'),
          },
          {
            path: 'session/:cpdSession',
            handle: { crumb: 'CPD Session' },
            lazy: page(() => import('../features/cpd/routes/cpd-session-page'), 'CpdSessionPage'),
          },
        ],
      },
      {
        path: 'live',
        handle: { crumb: 'Live' },
        children: [
          { index: true, lazy: page(() => import('../features/audiences/routes/live-home-page'), 'LiveHomePage') },
          {
            path: ':liveprogramme',
            handle: { crumbParam: 'liveprogramme' },
            children: [
              {
                index: true,
                lazy: page(() => import('../features/live/routes/live-programme-page'), 'LiveProgrammePage'),
              },
              {
                path: ':liveproduction',
                handle: { crumbParam: 'liveproduction' },
                children: [
                  {
                    index: true,
                    lazy: page(() => import('../features/live/routes/live-production-page'), 'LiveProductionPage'),
                  },
                  activityRoute(),
                  { path: 'audio/:page', handle: { crumbParam: 'page' }, lazy: audioPage },
                ],
              },
            ],
          },
        ],
      },
      { path: 'audiolibrary', handle: { crumb: 'Audio Library' }, children: audioLibraryRoutes('page/') },
      { path: '-/-/activity-filter', handle: { crumb: 'Activity Library' }, lazy: activityLibraryPage },
      {
        path: 'secondary',
        handle: { crumb: 'Secondary' },
        children: [
          { index: true, lazy: secondaryHomePage },
          ...keyStageRoutes,
          {
            // A landing page, or a project with its activities (the secondary home's boxes).
            path: ':landingPageSlug',
            handle: { crumbParam: 'landingPageSlug' },
            children: [{ index: true, lazy: landingPage }, activityRoute()],
          },
        ],
      },
      {
        path: ':audience',
        handle: { crumbParam: 'audience' },
        children: [
          { index: true, lazy: audiencePage },
          { path: 'activities', handle: { crumb: 'Activity Library' }, children: activityLibraryRoutes },
          { path: 'audiolibrary', handle: { crumb: 'Audio Library' }, children: audioLibraryRoutes('page/') },
          { path: ':programme', handle: { crumbParam: 'programme' }, children: programmeChildren },
          { path: ':landing', handle: { crumbParam: 'landing' }, children: landingChildren },
        ],
      },
      {
        path: '*',
        lazy: page(() => import('../features/shell/routes/not-found-page'), 'NotFoundPage'),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
