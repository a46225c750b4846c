/** 'Save as a file' on the storage page: one save at a time, its progress, and what it ended with. */
import { useState } from 'react';
import type { DownloadRecord } from '../../lib/db/database';
import { formatMegabytes } from '../../lib/offline/download-failure';

export interface Saving {
  id: string;
  /** 0–1 */
  fraction: number;
}

/** Hands the file to the browser, which saves it where the teacher's downloads go. */
function offerFile(file: Blob, name: string) {
  const address = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = address;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading it; a large file may take a while.
  window.setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

export function useLessonFileSave(announce: (message: string) => void) {
  const [saving, setSaving] = useState<Saving | null>(null);
  const [failure, setFailure] = useState<{ id: string; message: string } | null>(null);

  async function save(record: DownloadRecord) {
    if (saving) return;
    setFailure(null);
    setSaving({ id: record.id, fraction: 0 });
    announce(`Saving ${record.title} as a file…`);
    try {
      // The file code (ZIP, signatures) loads when a teacher first saves or opens a file.
      const files = await import('../../lib/lesson-files/save-lesson-file');
      const prepared = await files.prepareLessonFile(record.id);
      let shown = 0;
      const file = await files.buildLessonFile(prepared, (fraction) => {
        // A render per percent, not per chunk.
        if (fraction - shown < 0.01) return;
        shown = fraction;
        setSaving({ id: record.id, fraction });
      });
      offerFile(file, files.lessonFileName(record.title));
      announce(
        `${record.title} was saved as a file (${formatMegabytes(file.size)}). A colleague opens it with ‘Open a lesson file’ on their Offline storage page.`,
      );
    } catch (error) {
      const { LessonFileError } = await import('../../lib/lesson-files/lesson-file-error');
      const message =
        error instanceof LessonFileError
          ? error.message
          : 'The file could not be made. Check there is space on this device and try again.';
      setFailure({ id: record.id, message });
      announce(message);
    } finally {
      setSaving(null);
    }
  }

  return { saving, failure, save };
}
