/** 'Remove' and 'Remove all' on the storage page, and where focus goes after them. */
import { useRef } from 'react';
import type { DownloadRecord } from '../../../lib/db/database';
import { removeAllDownloads, removeDownload } from '../../../lib/offline/download-manager';
import { useFocusRescue } from '../../../lib/ui/use-focus-rescue';

export function useDownloadRemoval(announce: (message: string) => void) {
  // After Remove, focus goes to the Remove button of the row that took the removed one's place
  // (or the last row), and to the section's heading once nothing is left.
  const removedRow = useRef(0);
  const rescueFocus = useFocusRescue<HTMLElement>((section) => {
    const buttons = section.querySelectorAll<HTMLElement>(
      'tbody tr td:last-child button:last-of-type',
    );
    return (
      buttons[Math.min(removedRow.current, buttons.length - 1)] ??
      section.querySelector<HTMLElement>('h2')
    );
  });

  async function remove(record: DownloadRecord, row: number) {
    removedRow.current = row;
    await removeDownload(record.id);
    announce(`${record.title} was removed from this device.`);
  }

  async function removeAll(userId: string) {
    if (!window.confirm('Remove every download from this device?')) return;
    removedRow.current = 0;
    await removeAllDownloads(userId);
    announce('Every download was removed from this device.');
  }

  return { rescueFocus, remove, removeAll };
}
