import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoragePage } from '../../../src/features/offline/routes/storage-page';
import { db } from '../../../src/lib/db/database';
import {
  clearOfflineTables,
  leftBehind,
  offlineTestKit,
  signInKitTeacher,
  undoOfflineTestKit,
} from '../../lib/offline/offline-test-kit';

// WCAG 4.1.3: what 'Check for updates' found and what was removed reach screen readers.

beforeEach(async () => {
  await clearOfflineTables();
  offlineTestKit();
  signInKitTeacher();
  for (const [id, title] of [
    ['lesson-1', 'Pulse and rhythm'],
    ['lesson-2', 'Steady beat'],
  ] as const) {
    await db.downloads.put(
      leftBehind({
        id: `7:lesson:${id}`,
        title,
        status: 'complete',
        bytesTotal: 1024,
        bytesDone: 1024,
      }),
    );
  }
});

afterEach(() => {
  cleanup();
  undoOfflineTestKit();
});

async function renderWithPoliteRegion() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <StoragePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('row', { name: /Pulse and rhythm/ });
  // There, and empty, before anything is said: a region inserted with its text is not announced.
  const region = screen.getByRole('status');
  expect(region).toBeEmptyDOMElement();
  return region;
}

describe('the storage page, for screen readers', () => {
  it("announces what 'Check for updates' found, in one sentence once it has finished", async () => {
    const region = await renderWithPoliteRegion();
    await userEvent.click(screen.getByRole('button', { name: 'Check for updates' }));
    await waitFor(() => expect(region).toHaveTextContent('Checked 2 downloads: 2 up to date.'));
    expect(
      within(screen.getByRole('row', { name: /Steady beat/ })).getByText('Up to date'),
    ).toBeVisible();
  });

  it('announces a removal, naming what was removed, in the region that stays when the table goes', async () => {
    const region = await renderWithPoliteRegion();
    await userEvent.click(screen.getByRole('button', { name: /^Remove ?Pulse and rhythm/ }));
    await waitFor(() =>
      expect(region).toHaveTextContent('Pulse and rhythm was removed from this device.'),
    );

    await userEvent.click(screen.getByRole('button', { name: /^Remove ?Steady beat/ }));
    await screen.findByText(/Nothing is downloaded yet/);
    expect(screen.getByRole('status')).toBe(region);
    // The list empties as the row goes; the sentence follows once the removal has finished.
    await waitFor(() =>
      expect(region).toHaveTextContent('Steady beat was removed from this device.'),
    );
  });
});
