import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenLessonFile } from '../../../src/features/offline/components/open-lesson-file';

// 'Open a lesson file' takes a file three ways: the picker (keyboard), a drop, and the installed
// app's file_handlers launch (launchQueue). Each is checked the same way, and what the check
// says is announced and takes the focus (here: no teacher is signed in, so it asks for one).

const REFUSAL = 'Log in to open a lesson file.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.launchQueue;
});

function renderIt() {
  const announce = vi.fn();
  render(
    <MemoryRouter>
      <OpenLessonFile announce={announce} />
    </MemoryRouter>,
  );
  return announce;
}

const lessonFile = () => new File(['PK'], 'samba.mclesson');

async function expectRefusalFocused(announce: ReturnType<typeof vi.fn>) {
  const refusal = await screen.findByText(REFUSAL);
  expect(announce).toHaveBeenCalledWith('Checking samba.mclesson…');
  expect(announce).toHaveBeenLastCalledWith(REFUSAL);
  // The outcome (not <body>) takes the focus, so the next Tab starts from it. The focus moves
  // in an effect after the outcome is drawn, so on a busy machine it can land a tick later.
  await waitFor(() => expect(document.activeElement).toBe(refusal.parentElement));
}

describe('Open a lesson file', () => {
  it('checks a file chosen with the picker', async () => {
    const announce = renderIt();
    await userEvent.upload(
      screen.getByLabelText('Choose a lesson file, or drop it here'),
      lessonFile(),
    );
    await expectRefusalFocused(announce);
  });

  it('checks a file dropped on it', async () => {
    const announce = renderIt();
    const zone = screen.getByLabelText('Choose a lesson file, or drop it here').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [lessonFile()] } });
    await expectRefusalFocused(announce);
  });

  it('checks a file the installed app was opened with', async () => {
    let consumer: ((params: { files: { getFile: () => Promise<File> }[] }) => void) | undefined;
    window.launchQueue = { setConsumer: (given) => (consumer = given) };
    const announce = renderIt();
    expect(consumer).toBeDefined();
    consumer!({ files: [{ getFile: async () => lessonFile() }] });
    await expectRefusalFocused(announce);
  });
});
