import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { AppProviders } from './providers';

/**
 * Renders the app's providers around `router` into `container`: src/main.tsx, and the lesson-mode
 * probe in bench/probes, which must measure the same start as the app.
 */
export function mountApp(container: HTMLElement, router: DataRouter): void {
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
}
