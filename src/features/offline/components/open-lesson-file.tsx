/**
 * 'Open a lesson file' on the storage page: a file picker and a drop zone (and, for the installed
 * app, a file opened from the file manager: the manifest's file_handlers). The file is checked
 * first and what it holds is shown, with its size and whether it fits; only then is it opened
 * (checked to its last byte, then stored). Every outcome is said in the page's live region and
 * takes the focus, so a keyboard or screen-reader user is never left behind.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LessonFileCheck } from '../../../lib/lesson-files/open-lesson-file';
import { FILE_EXTENSION, FILE_TYPE } from '../../../lib/lesson-files/lesson-file-format';
import { formatMegabytes } from '../../../lib/offline/download-failure';

type Phase =
  | { kind: 'idle' }
  | { kind: 'checking'; name: string }
  | { kind: 'ready'; check: LessonFileCheck }
  | { kind: 'opening'; title: string; fraction: number }
  | { kind: 'opened'; title: string; path: string; copy: boolean }
  | { kind: 'refused'; message: string };

const KIND_NAMES: Record<LessonFileCheck['kind'], string> = {
  lesson: 'a lesson',
  unit: 'a unit',
  playlist: 'a playlist',
  'audio-page': 'an audio page',
};

/** The file_handlers launch (Chromium's installed app): the files the app was opened with. */
interface LaunchParams {
  files: { getFile: () => Promise<File> }[];
}
declare global {
  interface Window {
    launchQueue?: { setConsumer: (consumer: (params: LaunchParams) => void) => void };
  }
}

function summary(check: LessonFileCheck): string {
  const holds = `${check.title} is ${KIND_NAMES[check.kind]} of ${formatMegabytes(check.totalBytes)}.${
    check.makesCopy ? ' Opening it adds it to Your Playlists as a new playlist of yours.' : ''
  }`;
  const stores =
    check.newBytes < check.totalBytes
      ? ` Opening it stores ${formatMegabytes(check.newBytes)}: this device has the rest already.`
      : '';
  const room = check.fits
    ? ' There is room on this device.'
    : ` There is not enough room on this device: it needs about ${formatMegabytes(check.newBytes)}, and ${formatMegabytes(check.freeBytes ?? 0)} is free.`;
  return holds + stores + room;
}

function openedText(title: string, copy: boolean): string {
  return copy
    ? `${title} is now one of Your Playlists, and works offline.`
    : `${title} is on this device and works offline.`;
}

async function refusalOf(error: unknown): Promise<string> {
  const { LessonFileError } = await import('../../../lib/lesson-files/lesson-file-error');
  if (error instanceof LessonFileError) return error.message;
  // A full device while storing, said as downloads say it.
  if (error instanceof Error && error.name === 'DownloadError') return error.message;
  return 'This file could not be opened. Nothing of it was kept; try again.';
}

export function OpenLessonFile({ announce }: { announce: (message: string) => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  const busy = phase.kind === 'checking' || phase.kind === 'opening';

  const input = useRef<HTMLInputElement>(null);
  // Each outcome takes the focus (the section's own text says it; the live region too), and so
  // does the progress once 'Open it on this device' has gone: focus never falls to <body>.
  useEffect(() => {
    if (phase.kind === 'idle' || phase.kind === 'checking') return;
    outcome.current?.focus();
  }, [phase.kind]);

  async function choose(file: File) {
    if (busy) return;
    setPhase({ kind: 'checking', name: file.name });
    announce(`Checking ${file.name}…`);
    try {
      const { checkLessonFile } = await import('../../../lib/lesson-files/open-lesson-file');
      const check = await checkLessonFile(file);
      setPhase({ kind: 'ready', check });
      announce(summary(check));
    } catch (error) {
      const message = await refusalOf(error);
      setPhase({ kind: 'refused', message });
      announce(message);
    }
  }

  async function open(check: LessonFileCheck) {
    setPhase({ kind: 'opening', title: check.title, fraction: 0 });
    announce(`Opening ${check.title}…`);
    let shown = 0;
    try {
      const record = await check.open((fraction) => {
        if (fraction - shown < 0.01) return;
        shown = fraction;
        setPhase({ kind: 'opening', title: check.title, fraction });
      });
      setPhase({ kind: 'opened', title: record.title, path: record.path, copy: check.makesCopy });
      announce(openedText(record.title, check.makesCopy));
    } catch (error) {
      const message = await refusalOf(error);
      setPhase({ kind: 'refused', message });
      announce(message);
    }
  }

  const latestChoose = useRef(choose);
  useEffect(() => {
    latestChoose.current = choose;
  });
  useEffect(() => {
    window.launchQueue?.setConsumer((params) => {
      const [handle] = params.files;
      if (handle) void handle.getFile().then((file) => latestChoose.current(file));
    });
  }, []);

  // Dropping a file anywhere on the zone: a shortcut for the mouse, beside the picker, which
  // does the same by keyboard.
  const zone = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = zone.current;
    if (!element) return;
    const over = (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    };
    const leave = () => setDragging(false);
    const drop = (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file) void latestChoose.current(file);
    };
    element.addEventListener('dragover', over);
    element.addEventListener('dragleave', leave);
    element.addEventListener('drop', drop);
    return () => {
      element.removeEventListener('dragover', over);
      element.removeEventListener('dragleave', leave);
      element.removeEventListener('drop', drop);
    };
  }, []);

  return (
    <section aria-labelledby="storage-open-file" className="storage-open-file">
      <h2 id="storage-open-file">Open a lesson file</h2>
      <p>
        A colleague can give you a lesson, unit or playlist as a file: they use &lsquo;Save as a
        file&rsquo; on their Offline storage page. Open it here to teach it offline on this device,
        with nothing fetched from the internet.
      </p>
      <div ref={zone} className={`file-drop${dragging ? ' file-drop--over' : ''}`}>
        <label htmlFor="lesson-file-input">Choose a lesson file, or drop it here</label>
        {/* Never disabled (a disabled field drops its focus): a file chosen while one is being
            checked or opened waits for the teacher to choose it again. */}
        <input
          ref={input}
          id="lesson-file-input"
          type="file"
          accept={`${FILE_EXTENSION},${FILE_TYPE}`}
          aria-describedby={busy ? 'lesson-file-busy' : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again is heard.
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
      </div>
      <div ref={outcome} tabIndex={-1} className="storage-open-file__outcome">
        {phase.kind === 'checking' && <p id="lesson-file-busy">Checking {phase.name}…</p>}
        {phase.kind === 'ready' && (
          <>
            <p>{summary(phase.check)}</p>
            <button
              type="button"
              className="button"
              disabled={!phase.check.fits}
              onClick={() => void open(phase.check)}
            >
              Open it on this device
            </button>{' '}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setPhase({ kind: 'idle' });
                // The picker, where the teacher chose the file.
                input.current?.focus();
              }}
            >
              Cancel
            </button>
          </>
        )}
        {phase.kind === 'opening' && (
          <p id="lesson-file-busy">
            Opening {phase.title}… {Math.round(phase.fraction * 100)}%{' '}
            <progress max={1} value={phase.fraction} aria-label={`Opening ${phase.title}`} />
          </p>
        )}
        {phase.kind === 'opened' && (
          <p className="notice">
            {openedText(phase.title, phase.copy)} <Link to={phase.path}>Open {phase.title}</Link>
          </p>
        )}
        {phase.kind === 'refused' && <p className="notice notice--problem">{phase.message}</p>}
      </div>
    </section>
  );
}
