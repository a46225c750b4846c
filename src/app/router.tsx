import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '../lib/ui/spinner';
import { page } from './lazy-page';
import { lessonModeRoute } from './lesson-mode-routes';
import { PreviewQueries } from './providers';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

// The one route table. Each feature's routes/ file is loaded lazily, so every route family is
// its own chunk and the first load carries only what the first page needs. `handle.crumb` and
// `handle.crumbParam` feed the breadcrumb trail; the tree is nested so that every level of a
// path contributes its crumb. A page mounted at several places (the activity page, the
// programme page, the audio page) reads only the parameters it needs.

const homePage = page(() => import('../features/home/routes/home-page'), 'HomePage');
const audiencePage = page(
  () => import('../features/audiences/routes/audience-page'),
  'AudiencePage',
);
const secondaryHomePage = page(
  () => import('../features/audiences/routes/secondary-home-page'),
  'SecondaryHomePage',
);
const secondarySlugRoute = page(() => import('./secondary-slug-route'), 'SecondarySlugRoute');
const landingPage = page(() => import('../features/audiences/routes/landing-page'), 'LandingPage');
const projectPage = page(() => import('../features/audiences/routes/project-page'), 'ProjectPage');
const programmePage = page(
  () => import('../features/programmes/routes/programme-page'),
  'ProgrammePage',
);
const unitPage = page(() => import('../features/units/routes/unit-page'), 'UnitPage');
const lessonPage = page(() => import('../features/units/routes/lesson-page'), 'LessonPage');
const activityPage = page(
  () => import('../features/activities/routes/activity-page'),
  'ActivityPage',
);
const activitySectionPage = page(
  () => import('../features/activities/routes/activity-section-page'),
  'ActivitySectionPage',
);
const activityLibraryPage = page(
  () => import('../features/libraries/routes/activity-library-page'),
  'ActivityLibraryPage',
);
const audioLibraryPage = page(
  () => import('../features/libraries/routes/audio-library-page'),
  'AudioLibraryPage',
);
const audioCollectionPage = page(
  () => import('../features/libraries/routes/audio-collection-page'),
  'AudioCollectionPage',
);
const audioPage = page(() => import('../features/libraries/routes/audio-page'), 'AudioPage');
const atHomeLibraryPage = page(
  () => import('../features/at-home/routes/at-home-library-page'),
  'AtHomeLibraryPage',
);
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

const previewRoute = page(() => import('./preview-route'), 'PreviewRoute');

const customUnitsPage = page(
  () => import('../features/custom-units/routes/custom-units-page'),
  'CustomUnitsPage',
);
const createUnitPage = page(
  () => import('../features/custom-units/routes/create-unit-page'),
  'CreateUnitPage',
);
const customUnitPage = page(
  () => import('../features/custom-units/routes/custom-unit-page'),
  'CustomUnitPage',
);
const customLessonPage = page(
  () => import('../features/custom-units/routes/custom-lesson-page'),
  'CustomLessonPage',
);

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

export const routes: RouteObject[] = [
  lessonModeRoute,
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
        lazy: page(
          () => import('../features/account/routes/reset-password-page'),
          'ResetPasswordPage',
        ),
      },
      {
        path: 'account/confirm',
        handle: { crumb: 'Confirm e-mail address' },
        lazy: page(
          () => import('../features/account/routes/confirm-email-page'),
          'ConfirmEmailPage',
        ),
      },
      {
        // Spec part 1, breadcrumb: the fixed labels 'Playlists' and 'Playlist'.
        path: 'playlists',
        handle: { crumb: 'Playlists' },
        children: [
          {
            index: true,
            lazy: page(
              () => import('../features/playlists/routes/playlists-page'),
              'PlaylistsPage',
            ),
          },
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
        path: 'search',
        handle: { crumb: 'Search' },
        lazy: page(() => import('../features/search/routes/search-page'), 'SearchPage'),
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
            lazy: page(
              () => import('../features/cpd/routes/cpd-live-event-page'),
              'CpdLiveEventPage',
            ),
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
          {
            index: true,
            lazy: page(() => import('../features/audiences/routes/live-home-page'), 'LiveHomePage'),
          },
          {
            path: ':liveprogramme',
            handle: { crumbParam: 'liveprogramme' },
            children: [
              {
                index: true,
                lazy: page(
                  () => import('../features/live/routes/live-programme-page'),
                  'LiveProgrammePage',
                ),
              },
              {
                path: ':liveproduction',
                handle: { crumbParam: 'liveproduction' },
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('../features/live/routes/live-production-page'),
                      'LiveProductionPage',
                    ),
                  },
                  activityRoute(),
                  { path: 'audio/:page', handle: { crumbParam: 'page' }, lazy: audioPage },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'audiolibrary',
        handle: { crumb: 'Audio Library' },
        children: audioLibraryRoutes('page/'),
      },
      {
        path: '-/-/activity-filter',
        handle: { crumb: 'Activity Library' },
        lazy: activityLibraryPage,
      },
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
            children: [{ index: true, lazy: secondarySlugRoute }, activityRoute()],
          },
        ],
      },
      {
        path: ':audience',
        handle: { crumbParam: 'audience' },
        children: [
          { index: true, lazy: audiencePage },
          {
            path: 'activities',
            handle: { crumb: 'Activity Library' },
            children: activityLibraryRoutes,
          },
          {
            path: 'audiolibrary',
            handle: { crumb: 'Audio Library' },
            children: audioLibraryRoutes('page/'),
          },
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
  {
    // An editor's draft, opened from the CMS admin's preview (signed link): the app's real page in
    // a frame of its own (src/features/preview), outside the site shell and lesson mode's layout.
    path: '/preview/:type/:documentId',
    Component: PreviewQueries,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <Spinner />,
    // The link's own address, then the real page's below it.
    children: [
      { index: true, lazy: previewRoute },
      { path: '*', lazy: previewRoute },
    ],
  },
];

/**
 * The app's router. Creating it ranks every route's branches, about 15 ms on this machine and four
 * times that under Lighthouse's slowdown, so src/main.tsx does it in a task of its own.
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
