import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoragePage } from '../../../src/features/offline/routes/storage-page';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { db } from '../../../src/lib/db/database';
import {
  clearOfflineTables,
  leftBehind,
  offlineTestKit,
  signInKitTeacher,
  undoOfflineTestKit,
} from '../../lib/offline/offline-test-kit';

beforeEach(async () => {
  await clearOfflineTables();
  offlineTestKit();
  signInKitTeacher();
});

afterEach(() => {
  cleanup();
  undoOfflineTestKit();
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
    expect(await within(row).findByText('Stopped. Open it to try again.')).toBeVisible();
    expect(row).toHaveTextContent('1.0 MB');
  });

  it('asks a visitor to log in, to see what the device keeps or to open a lesson file', async () => {
    useAuthStore.setState({ user: null, authToken: null, userRole: null });
    renderStoragePage();
    expect(
      await screen.findByText(
        'Log in to see what this device keeps for offline use, or to open a lesson file.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Choose a lesson file, or drop it here')).toBeNull();
  });

  it('says a download waiting for the network carries on by itself, in its own words, and never to open it', async () => {
    renderStoragePage();
    await db.downloads.put(
      leftBehind({
        id: '7:lesson:lesson-2',
        title: 'Steady beat',
        status: 'queued',
        error:
          'The connection was lost. The download carries on by itself when the device is back online.',
      }),
    );
    const row = await screen.findByRole('row', { name: /Steady beat/ });
    expect(row).toHaveTextContent(
      'Waiting: the connection was lost. The download carries on by itself when the device is back online.',
    );
    expect(row).not.toHaveTextContent(/open it/i);

    // Waiting with no reason recorded (a reload cut it short): it still resumes by itself.
    await act(() => db.downloads.update('7:lesson:lesson-2', { error: undefined }));
    expect(
      await within(row).findByText('Waiting: it carries on by itself while the device is online.'),
    ).toBeVisible();
  });

  describe('space, with what each browser reports', () => {
    function browserStorage(storage: Partial<StorageManager> | undefined) {
      Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
    }
    afterEach(() => browserStorage(undefined));

    it('says the browser reports no free space where it has no storage estimate (WebKitGTK), and what that means for a download', async () => {
      browserStorage({ persisted: async () => false });
      await db.downloads.put(
        leftBehind({
          id: '7:lesson:lesson-1',
          title: 'Pulse and rhythm',
          status: 'complete',
          bytesTotal: 3_145_728,
        }),
      );
      renderStoragePage();
      const space = await screen.findByRole('region', { name: 'Space' });
      expect(space).toHaveTextContent('Downloads use 3.0 MB.');
      expect(space).toHaveTextContent(
        'This browser does not report how much space is free, so a download is not checked against it first: if the device fills up, the download stops and what it stored is removed.',
      );
      // Nothing to ask either: no button that could only ever be declined.
      expect(space).toHaveTextContent('it cannot be asked to keep them');
      expect(within(space).queryByRole('button')).toBeNull();
    });

    it('shows the space used against what the browser allows where it reports both', async () => {
      browserStorage({
        estimate: async () => ({ usage: 5_242_880, quota: 104_857_600 }),
        persisted: async () => false,
        persist: async () => true,
      });
      renderStoragePage();
      const space = await screen.findByRole('region', { name: 'Space' });
      expect(space).toHaveTextContent(
        'Everything this app stores uses 5.0 MB of the 100.0 MB this browser allows.',
      );
      expect(space).not.toHaveTextContent('does not report');
      expect(
        within(space).getByRole('button', { name: 'Ask the browser to keep downloads' }),
      ).toBeVisible();
    });
  });
});
