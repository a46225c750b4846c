import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenLessonFile } from '../../../src/features/offline/components/open-lesson-file';
import type { LessonFileCheck } from '../../../src/lib/lesson-files/open-lesson-file';

// Keyboard use of 'Open a lesson file': the focus never falls to <body>, while a file is checked,
// once 'Open it on this device' has gone (opening a large file takes minutes), or after Cancel.
// The file checks themselves are proved in tests/lib/lesson-files; here a check that passes.
// The focus moves in an effect after an outcome is drawn, so each focus check waits for it.

let finishOpening: () => void = () => undefined;
vi.mock('../../../src/lib/lesson-files/open-lesson-file', () => ({
  checkLessonFile: async (): Promise<LessonFileCheck> => ({
    kind: 'lesson',
    title: 'Samba',
    makesCopy: false,
    totalBytes: 2_000_000,
    newBytes: 2_000_000,
    freeBytes: null,
    fits: true,
    open: (onProgress) =>
      new Promise((resolve) => {
        onProgress?.(0.5);
        finishOpening = () => resolve({ title: 'Samba', path: '/lessons/samba' } as never);
      }),
  }),
}));

afterEach(cleanup);

async function chooseFile() {
  render(
    <MemoryRouter>
      <OpenLessonFile announce={() => undefined} />
    </MemoryRouter>,
  );
  const picker = screen.getByLabelText('Choose a lesson file, or drop it here');
  await userEvent.upload(picker, new File(['PK'], 'samba.mclesson'));
  await screen.findByText(/^Samba is a lesson of 1\.9 MB\./);
  return picker;
}

describe('Open a lesson file, by keyboard', () => {
  it('gives the focus to what the check found, and back to the picker on Cancel', async () => {
    const picker = await chooseFile();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByText(/^Samba is a lesson/).parentElement),
    );
    await userEvent.keyboard('{Tab}{Tab}{Enter}');
    expect(screen.queryByText(/^Samba is a lesson/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(picker));
  });

  it('keeps the focus on the progress while opening, then on what it ended with', async () => {
    await chooseFile();
    await userEvent.keyboard('{Tab}{Enter}');
    const progress = await screen.findByText(/^Opening Samba…/);
    await waitFor(() => expect(document.activeElement).toBe(progress.parentElement));
    finishOpening();
    const done = await screen.findByText(/^Samba is on this device and works offline\./);
    await waitFor(() => expect(document.activeElement).toBe(done.parentElement));
    expect(screen.getByRole('link', { name: 'Open Samba' })).toHaveAttribute(
      'href',
      '/lessons/samba',
    );
  });
});
