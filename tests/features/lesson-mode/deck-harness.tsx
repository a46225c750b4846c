import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { vi } from 'vitest';
import { DeckView } from '../../../src/features/lesson-mode/components/deck-view';
import type { Deck } from '../../../src/features/lesson-mode/model/deck';
import { createQueryClient } from '../../../src/lib/query/query-client';
import { PATHS } from './fixtures';

/** jsdom lays nothing out: lesson mode's bar height is never observed. Undo with vi.unstubAllGlobals. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

/**
 * A lesson deck in lesson mode at `path` (`{PATHS.basePath}/{activity}/{slide}`), under a data
 * router as the app's is (a slide change reads the router's own state). Returns the router.
 */
export function renderDeckAt(deck: Deck, path: string, client: QueryClient = createQueryClient()) {
  function Slides() {
    const { activity, slide: number } = useParams();
    return <DeckView deck={deck} params={{ entry: activity, slide: number }} />;
  }
  const router = createMemoryRouter(
    [{ path: `${PATHS.basePath}/:activity/:slide`, element: <Slides /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
