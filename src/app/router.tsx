import { createBrowserRouter } from 'react-router-dom';
import { Spinner } from '../lib/ui/spinner';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

// The one route table. Each feature's routes/ file is loaded lazily, so every route family is
// its own chunk and the first load carries only what the first page needs.
const homePage = () =>
  import('../features/home/routes/home-page').then((module) => ({ Component: module.HomePage }));

export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { index: true, lazy: homePage },
      { path: 'welcome/:welcome', lazy: homePage },
      { path: 'login', lazy: homePage },
      {
        path: '*',
        lazy: () =>
          import('../features/shell/routes/not-found-page').then((module) => ({
            Component: module.NotFoundPage,
          })),
      },
    ],
  },
]);
