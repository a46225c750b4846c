import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { networkGone, server } from '../../support/msw';
import { slide } from './fixtures';

// Shared by the lesson-mode availability tests (playlists and custom units): which activities'
// slideshows the device holds, a network that is gone, and the overview's card for an activity.

/** Puts a two-slide slideshow for each of `ids` in the query cache, as a download leaves it. */
export function storeSlideShows(client: QueryClient, ids: string[]): void {
  for (const id of ids) {
    client.setQueryData(['ActivitySlideShow', { id }], {
      documentId: id,
      title: id,
      activity_slideshow: {
        documentId: `show-${id}`,
        title: id,
        activity_slides: [slide(`${id}-1`), slide(`${id}-2`)],
      },
    });
  }
}

/** Offline as the app sees it: the browser says so, TanStack Query pauses, and fetch fails. */
export function goOffline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
  networkGone();
}

/** For afterEach: unmounts, and gives the next test its network back. */
export function restoreNetwork(): void {
  cleanup();
  onlineManager.setOnline(true);
  server.resetHandlers();
  vi.restoreAllMocks();
}

/** The lesson overview's card for an activity, found by its heading. */
export const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
