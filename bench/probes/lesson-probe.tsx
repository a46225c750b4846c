// Lesson mode without the site's shell (bench/offline-probes.mjs): the app's providers and its
// lesson-mode route, but none of the other routes, the header, navigation or footer. The
// lesson-mode address comes in the hash, because the worker serves this page by its own name.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { lessonModeRoute } from '../../src/app/lesson-mode-routes';
import { AppProviders } from '../../src/app/providers';
import { signOut } from '../../src/lib/auth/sign-out';
import { setUnauthorizedHandler } from '../../src/lib/cms/unauthorized';
import '../../src/app/styles.css';

history.replaceState(null, '', decodeURIComponent(location.hash.slice(1)));
const router = createBrowserRouter([lessonModeRoute]);
setUnauthorizedHandler(() => signOut('unauthorized'));
const container = document.getElementById('root');
if (!container) throw new Error('lesson.html has no #root element');
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
