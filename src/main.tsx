import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { signOut } from './lib/auth/sign-out';
import { setUnauthorizedHandler } from './lib/cms/unauthorized';
import { registerServiceWorker } from './lib/sw-bridge';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A 401 ends the session exactly as Log Out does (one code path, one purge).
setUnauthorizedHandler(() => signOut('unauthorized'));

// The shell's modules evaluate in this task and the router is built and rendered in the next: as
// one task they blocked input for 86-125 ms at Lighthouse's 4x slowdown, and a task over 50 ms
// counts against the page (total blocking time; issue 24).
setTimeout(() => {
  const router = createAppRouter();
  // A transition lets React render the first screen in slices, yielding to the browser between
  // them, instead of one long task that blocks input on a slow school laptop.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}, 0);

registerServiceWorker();
