import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoragePage } from '../../../src/features/offline/routes/storage-page';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../src/lib/auth/auth-store';
import { db } from '../../../src/lib/db/database';
import { clearOfflineTables, leftBehind, offlineTestKit } from '../../lib/offline/offline-test-kit';

beforeEach(async () => {
  await clearOfflineTables();
  offlineTestKit();
  useAuthStore.setState({
    user: { id: 7, email: 'teacher@demo.school' },
    authToken: 'token',
    userRole: ACTIVE_SUBSCRIBER,
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderStoragePage() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <StoragePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the storage page', () => {
  it('shows downloads as IndexedDB holds them, including changes made elsewhere (another tab, a download finishing)', async () => {
    renderStoragePage();
    expect(await screen.findByText(/Nothing is downloaded yet/)).toBeVisible();

    await act(() =>
      db.downloads.put(
        leftBehind({
          id: '7:lesson:lesson-1',
          title: 'Pulse and rhythm',
          mediaUrls: ['/uploads/one.jpg'],
          bytesTotal: 1_048_576,
        }),
      ),
    );
    const row = await screen.findByRole('row', { name: /Pulse and rhythm/ });
    expect(row).toHaveTextContent('Downloading…');

    await act(() =>
      db.downloads.update('7:lesson:lesson-1', { status: 'failed', error: 'Stopped.' }),
    );
    expect(await within(row).findByText('Incomplete: open it to resume')).toBeVisible();
    expect(row).toHaveTextContent('1.0 MB');
  });
});
