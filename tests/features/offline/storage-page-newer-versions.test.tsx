import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoragePage } from '../../../src/features/offline/routes/storage-page';
import { startDownload } from '../../../src/lib/offline/download-manager';
import {
  forgetNewerVersion,
  hasNewerVersion,
  noteNewerVersion,
} from '../../../src/lib/offline/newer-versions';
import {
  clearOfflineTables,
  lessonPlan,
  offlineTestKit,
  signInKitTeacher,
  undoOfflineTestKit,
} from '../../lib/offline/offline-test-kit';

// "A newer version exists" has one owner (lib/offline/newer-versions). What the lesson
// page found shows on the storage page, and what the storage page's check found reaches the
// lesson page, so the two never disagree about the same download.

const ID = '7:lesson:L1';
let kit: ReturnType<typeof offlineTestKit>;

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  signInKitTeacher();
  kit.answers['{"id":"L1"}'] = { lesson: { slides: [{ url: '/uploads/drum.jpg', size: 1 }] } };
  await startDownload(lessonPlan('L1'));
  forgetNewerVersion(ID);
});

afterEach(() => {
  cleanup();
  forgetNewerVersion(ID);
  undoOfflineTestKit();
});

async function renderStoragePage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <StoragePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByRole('row', { name: /Lesson L1/ });
}

describe('the storage page and the lesson page agree on newer versions', () => {
  it('shows a newer version the lesson page found, with Update, without checking again', async () => {
    noteNewerVersion(ID);
    const row = await renderStoragePage();
    expect(within(row).getByText('A newer version is in the CMS')).toBeVisible();
    expect(within(row).getByRole('button', { name: /^Update ?Lesson L1/ })).toBeEnabled();
  });

  it("marks what 'Check for updates' found for the lesson page too", async () => {
    const row = await renderStoragePage();
    kit.answers['{"id":"L1"}'] = {
      lesson: {
        slides: [
          { url: '/uploads/drum.jpg', size: 1 },
          { url: '/uploads/new.mp3', size: 1 },
        ],
      },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Check for updates' }));
    await within(row).findByText('A newer version is in the CMS');
    expect(hasNewerVersion(ID)).toBe(true);
  });

  it('says Up to date once the lesson page has updated the download', async () => {
    noteNewerVersion(ID);
    const row = await renderStoragePage();
    await within(row).findByText('A newer version is in the CMS');
    // The lesson page's update forgets the mark (download-freshness.updateDownload).
    act(() => forgetNewerVersion(ID));
    await waitFor(() =>
      expect(within(row).queryByText('A newer version is in the CMS')).not.toBeInTheDocument(),
    );
    expect(within(row).queryByRole('button', { name: /^Update/ })).not.toBeInTheDocument();
  });
});
