import { useState } from 'react';
import type { DownloadRecord, DownloadStatus } from '../../lib/db/database';

/** Progress is told in quarters: often enough to know it runs, not once per file. */
const STEP_PERCENT = 25;

function progressStep(record: DownloadRecord): number {
  const listed = record.filesListed ?? record.mediaUrls.length > 0;
  if (!listed || record.bytesTotal <= 0) return 0;
  const percent = (Math.min(record.bytesDone, record.bytesTotal) / record.bytesTotal) * 100;
  return Math.min(100 - STEP_PERCENT, Math.floor(percent / STEP_PERCENT) * STEP_PERCENT);
}

/**
 * What a screen reader is told about a download that changed while the page was open. It is
 * derived from the record, so it changes only when there is something new to say (a new quarter,
 * a new state); a download that was already complete when the page opened says nothing.
 */
function downloadAnnouncement(
  record: DownloadRecord | null,
  title: string,
  wasRemoved: boolean,
): string {
  if (!record) return wasRemoved ? `The download of ${title} was removed from this device.` : '';
  switch (record.status) {
    case 'downloading': {
      const step = progressStep(record);
      return step === 0
        ? `Downloading ${title} for offline use.`
        : `Downloading ${title}: ${step}% done.`;
    }
    case 'complete':
      return `${title} is available offline.`;
    case 'paused':
      return `The download of ${title} stopped.`;
    case 'queued':
    case 'failed':
      // The panel's own alert says why it waits or failed.
      return '';
  }
}

/**
 * A polite live region for one download panel (WCAG 4.1.3): progress in quarters, completion,
 * a stop and a removal. It is in the DOM, empty, from the panel's first render, and says nothing
 * until the download's state changes in front of the teacher.
 */
export function DownloadAnnouncer({
  record,
  title,
  saving = '',
}: {
  record: DownloadRecord | null;
  title: string;
  /** What 'Save as a file' has to say (it runs on a finished download, whose state is quiet). */
  saving?: string;
}) {
  const status: DownloadStatus | 'none' = record?.status ?? 'none';
  const [seen, setSeen] = useState({ status, changed: false, hadRecord: record !== null });
  if (seen.status !== status) {
    setSeen({ status, changed: true, hadRecord: seen.hadRecord || record !== null });
  }
  const text = seen.changed ? downloadAnnouncement(record, title, seen.hadRecord) : '';
  return (
    <p role="status" className="visually-hidden">
      {saving || text}
    </p>
  );
}
