import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../src/lib/auth/auth-store';
import { db, type DownloadRecord } from '../../../src/lib/db/database';
import { DownloadError } from '../../../src/lib/offline/download-error';
import type { DownloadPlan } from '../../../src/lib/offline/download-plan';
import { MakeAvailableOffline } from '../../../src/shared/offline/make-available-offline';

const manager = vi.hoisted(() => ({
  startDownload: vi.fn<(plan: unknown) => Promise<void>>(),
  removeDownload: vi.fn<(id: string) => Promise<void>>(),
  cancelDownload: vi.fn<(id: string) => void>(),
}));
vi.mock('../../../src/lib/offline/download-manager', () => manager);

const plan: DownloadPlan = {
  kind: 'lesson',
  contentId: 'lesson-1',
  title: 'Pulse and rhythm',
  path: '/primary/p/u/lesson-1',
  collect: async () => undefined,
};

/** The plan's download, finished, as this device keeps it. */
function finished(changes: Partial<DownloadRecord>): DownloadRecord {
  const bytes = changes.bytesTotal ?? 0;
  return {
    id: '7:lesson:lesson-1',
    userId: '7',
    kind: 'lesson',
    contentId: 'lesson-1',
    title: plan.title,
    path: plan.path,
    status: 'complete',
    documentKeys: [],
    mediaUrls: [],
    bytesDone: bytes,
    updatedAt: 0,
    ...changes,
    bytesTotal: bytes,
  };
}

beforeEach(() => {
  useAuthStore.setState({
    user: { id: 7, email: 't@school.test' },
    authToken: 'token',
    userRole: ACTIVE_SUBSCRIBER,
  });
});

afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await db.downloads.clear();
});

describe('MakeAvailableOffline', () => {
  it('starts the download with the plan when the button is pressed (the manager loads on that click)', async () => {
    manager.startDownload.mockResolvedValue(undefined);
    render(<MakeAvailableOffline plan={plan} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make available offline' }));
    await waitFor(() => expect(manager.startDownload).toHaveBeenCalledWith(plan));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it("shows the manager's own message when a download cannot go ahead, and a general one otherwise", async () => {
    manager.startDownload.mockRejectedValueOnce(
      new DownloadError('There is not enough space on this device.'),
    );
    render(<MakeAvailableOffline plan={plan} />);
    const button = await screen.findByRole('button', { name: 'Make available offline' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is not enough space on this device.',
    );

    manager.startDownload.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The download could not start.'),
    );
  });

  it("removes this user's download of the item", async () => {
    manager.removeDownload.mockResolvedValue(undefined);
    await db.downloads.put(finished({ mediaUrls: ['/uploads/a.mp3'], bytesTotal: 2_097_152 }));
    render(<MakeAvailableOffline plan={plan} />);
    expect(await screen.findByText('Available offline')).toBeVisible();
    expect(screen.getByText('2.0 MB')).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: /^Remove download\s*of Pulse and rhythm$/ }),
    );
    await waitFor(() => expect(manager.removeDownload).toHaveBeenCalledWith('7:lesson:lesson-1'));
  });

  it("offers 'Save as a file' on a finished download, and says why it cannot save one", async () => {
    await db.downloads.put(finished({ documentKeys: ['7:Old:{}'], bytesTotal: 1024 }));
    // An answer stored before downloads were signed: the file cannot carry it.
    await db.documents.put({
      key: '7:Old:{}',
      userId: '7',
      operationName: 'Old',
      variables: {},
      data: {},
      storedAt: 0,
    });
    localStorage.setItem('user', JSON.stringify({ id: 7, email: 't@school.test' }));
    render(<MakeAvailableOffline plan={plan} />);
    const save = await screen.findByRole('button', { name: /^Save as a file\s*Pulse and rhythm$/ });
    save.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This download was made before lesson files existed. Remove it, make it available offline again, then save it as a file.',
      ),
    );
    expect(document.activeElement).toBe(save);
    localStorage.clear();
    await db.documents.clear();
  });

  it('holds its place, invisibly, while the download record is read, so its arrival moves nothing', async () => {
    render(<MakeAvailableOffline plan={plan} />);
    // First render: the record is not read yet. The place is taken by a hidden stand-in that
    // neither a screen reader nor the keyboard reaches.
    const pending = screen.getByTestId('offline-panel-pending');
    expect(pending).toHaveAttribute('aria-hidden', 'true');
    expect(pending).toHaveClass('offline-panel', 'offline-panel--pending');
    expect(pending.querySelector('button, a, [tabindex]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make available offline' })).toBeNull();
    // Then the real panel replaces it.
    expect(
      await screen.findByRole('button', { name: 'Make available offline' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('offline-panel-pending')).toBeNull();
  });

  it('shows nothing to someone who cannot open the content', () => {
    useAuthStore.setState({ userRole: 'trial' });
    const { container } = render(<MakeAvailableOffline plan={plan} />);
    expect(container).toBeEmptyDOMElement();
  });
});
