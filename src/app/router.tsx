import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '../lib/ui/spinner';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

// The one route table. Each feature's routes/ file is loaded lazily, so every route family is
// its own chunk and the first load carries only what the first page needs. `handle.crumb` and
// `handle.crumbParam` feed the breadcrumb trail.
const homePage = () => import('../features/home/routes/home-page').then((m) => ({ Component: m.HomePage }));

const routes: RouteObject[] = [
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
        lazy: () => import('../features/account/routes/subscribe-page').then((m) => ({ Component: m.SubscribePage })),
      },
      {
        path: 'account/reset-password',
        handle: { crumb: 'Reset password' },
        lazy: () =>
          import('../features/account/routes/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: '*',
        lazy: () => import('../features/shell/routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
