import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { resumeDownloads, startDownload } from '../../../src/lib/offline/download-manager';
import type { DownloadPlan } from '../../../src/lib/offline/download-plan';
import { MakeAvailableOffline } from '../../../src/shared/offline/make-available-offline';
import {
  clearOfflineTables,
  leftBehind,
  LESSON_QUERY,
  lessonPlan,
  offlineTestKit,
  signInKitTeacher,
  undoOfflineTestKit,
} from '../../lib/offline/offline-test-kit';

let kit: ReturnType<typeof offlineTestKit>;

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  kit.answers['{"id":"lesson-1"}'] = { lesson: { slides: [{ url: '/uploads/one.jpg', size: 1 }] } };
  kit.answers['{"id":"lesson-2"}'] = { lesson: { slides: [{ url: '/uploads/two.jpg', size: 1 }] } };
  signInKitTeacher();
});

afterEach(() => {
  cleanup();
  undoOfflineTestKit();
});

function goOnline() {
  kit.online = true;
  act(() => void window.dispatchEvent(new Event('online')));
}

describe('MakeAvailableOffline, reading the download record where it is', () => {
  it('a download a reload cut short before its files were listed does not hang: it waits offline and resumes by itself online', async () => {
    await db.downloads.put(leftBehind({ id: '7:lesson:lesson-1', title: 'Lesson lesson-1' }));
    kit.online = false;
    resumeDownloads();
    render(<MakeAvailableOffline plan={lessonPlan('lesson-1')} />);

    expect(await screen.findByRole('button', { name: 'Resume download' })).toBeDisabled();
    expect(screen.queryByText(/0 of 0 files/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Remove/ })).toBeEnabled();

    goOnline();
    expect(await screen.findByText('Available offline')).toBeVisible();
    expect(kit.fetched).toEqual(['/uploads/one.jpg']);
  });

  it('Cancel stops a download that runs on another page load (another tab, or one a reload left)', async () => {
    await db.downloads.put(
      leftBehind({ id: '7:lesson:lesson-1', mediaUrls: ['/uploads/one.jpg'], bytesTotal: 1024 }),
    );
    render(<MakeAvailableOffline plan={lessonPlan('lesson-1')} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Resume download' })).toBeEnabled();
    expect((await db.downloads.get('7:lesson:lesson-1'))?.status).toBe('paused');
  });

  it('shows the progress another tab writes, as it writes it', async () => {
    render(<MakeAvailableOffline plan={lessonPlan('lesson-1')} />);
    await screen.findByRole('button', { name: 'Make available offline' });
    await act(() =>
      db.downloads.put(
        leftBehind({
          id: '7:lesson:lesson-1',
          mediaUrls: ['/uploads/one.jpg', '/uploads/two.jpg'],
          filesDone: 1,
          bytesDone: 1_048_576,
          bytesTotal: 2_097_152,
        }),
      ),
    );
    expect(
      await screen.findByText('Downloading for offline use: 1 of 2 files, 1.0 MB of 2.0 MB'),
    ).toBeVisible();
  });

  it('a lesson of a downloaded unit, opened offline, says it is available offline instead of offering a download', async () => {
    const unit: DownloadPlan = {
      kind: 'unit',
      contentId: 'unit-1',
      title: 'Listening and moving',
      path: '/units/unit-1',
      collect: async (run) => {
        await run(LESSON_QUERY, { id: 'lesson-1' });
        await run(LESSON_QUERY, { id: 'lesson-2' });
      },
    };
    expect((await startDownload(unit)).status).toBe('complete');
    kit.online = false;
    render(<MakeAvailableOffline plan={lessonPlan('lesson-2')} />);

    expect(await screen.findByText('Available offline')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Make available offline' })).toBeNull();
    expect(screen.queryByText('Connect to the internet to download.')).toBeNull();
  });
});
