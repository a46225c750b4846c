// Lesson mode's route with a bare query client (bench/offline-probes.mjs): no persisted query
// cache, no sync engine or downloads, no sign-out on a 401, so the gap to lean.html is what the
// app's providers cost a cold start and the gap to floor.html is lesson mode's own path (its
// route's chunks, the query layer, rich text and the deck's render).
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { lessonModeRoute } from '../../src/app/lesson-mode-routes';
import { createQueryClient } from '../../src/lib/query/query-client';
import '../../src/app/styles.css';

history.replaceState(null, '', decodeURIComponent(location.hash.slice(1)));
const router = createBrowserRouter([lessonModeRoute]);
const container = document.getElementById('root');
if (!container) throw new Error('bare.html has no #root element');
const client = createQueryClient();
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
