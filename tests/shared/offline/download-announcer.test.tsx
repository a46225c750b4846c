import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { MakeAvailableOffline } from '../../../src/shared/offline/make-available-offline';
import {
  clearOfflineTables,
  leftBehind,
  lessonPlan,
  offlineTestKit,
  signInKitTeacher,
  undoOfflineTestKit,
} from '../../lib/offline/offline-test-kit';

// WCAG 4.1.3: a download's progress, completion and removal reach screen readers.

let kit: ReturnType<typeof offlineTestKit>;
const ID = '7:lesson:lesson-1';
const FILES = Array.from({ length: 8 }, (_, n) => `/uploads/slide-${n}.jpg`);

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  kit.answers['{"id":"lesson-1"}'] = {
    lesson: { slides: FILES.map((url) => ({ url, size: 4096 })) },
  };
  for (const url of FILES) kit.sizes[url] = 4096;
  signInKitTeacher();
});

afterEach(() => {
  cleanup();
  undoOfflineTestKit();
});

/** The panel's polite live region, which must be there (empty) before anything happens. */
async function politeRegion() {
  await screen.findByRole('button', { name: 'Make available offline' });
  const region = screen.getByRole('status');
  expect(region).toBeEmptyDOMElement();
  return region;
}

/** Every text the region takes, in order, as a screen reader would be handed them. */
function recordTexts(region: HTMLElement) {
  const texts: string[] = [];
  const observer = new MutationObserver(() => {
    const text = region.textContent ?? '';
    if (text && text !== texts.at(-1)) texts.push(text);
  });
  observer.observe(region, { childList: true, characterData: true, subtree: true });
  return texts;
}

describe('DownloadAnnouncer in MakeAvailableOffline', () => {
  it('announces a real download politely: its start, then its completion, not each of its 8 files', async () => {
    render(<MakeAvailableOffline plan={lessonPlan('lesson-1')} />);
    const region = await politeRegion();
    const texts = recordTexts(region);

    await userEvent.click(screen.getByRole('button', { name: 'Make available offline' }));
    await waitFor(() => expect(region).toHaveTextContent('Lesson lesson-1 is available offline.'));
    expect(kit.fetched).toHaveLength(FILES.length);
    expect(texts[0]).toBe('Downloading Lesson lesson-1 for offline use.');
    expect(texts.at(-1)).toBe('Lesson lesson-1 is available offline.');
    expect(texts.length).toBeLessThanOrEqual(5);
  });

  it('tells progress in quarters, once each, then completion and removal', async () => {
    render(<MakeAvailableOffline plan={lessonPlan('lesson-1')} />);
    const region = await politeRegion();
    const texts = recordTexts(region);
    const running = (bytesDone: number) =>
      act(() =>
        db.downloads.put(
          leftBehind({
            id: ID,
            title: 'Lesson lesson-1',
            mediaUrls: FILES,
            filesListed: true,
            bytesTotal: 8000,
            bytesDone,
          }),
        ),
      );

    await running(0);
    await screen.findByText('Downloading Lesson lesson-1 for offline use.');
    await running(1000);
    await running(2100);
    await screen.findByText('Downloading Lesson lesson-1: 25% done.');
    await running(3900);
    await running(4000);
    await screen.findByText('Downloading Lesson lesson-1: 50% done.');
    await act(() => db.downloads.update(ID, { status: 'complete', bytesDone: 8000 }));
    await screen.findByText('Lesson lesson-1 is available offline.');

    await userEvent.click(screen.getByRole('button', { name: /^Remove download/ }));
    await waitFor(() =>
      expect(region).toHaveTextContent(
        'The download of Lesson lesson-1 was removed from this device.',
      ),
    );
    expect(texts).toEqual([
      'Downloading Lesson lesson-1 for offline use.',
      'Downloading Lesson lesson-1: 25% done.',
      'Downloading Lesson lesson-1: 50% done.',
      'Lesson lesson-1 is available offline.',
      'The download of Lesson lesson-1 was removed from this device.',
    ]);
  });

  it('says nothing about a download that was already complete when the page opened', async () => {
    await db.downloads.put(
      leftBehind({
        id: ID,
        status: 'complete',
        mediaUrls: FILES,
        filesListed: true,
        bytesTotal: 8000,
        bytesDone: 8000,
      }),
    );
    render(<MakeAvailableOffline plan={lessonPlan('lesson-1')} />);
    await screen.findByText('Available offline');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
