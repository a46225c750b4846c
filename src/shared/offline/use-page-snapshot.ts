import { useEffect, useLayoutEffect } from 'react';
import {
  keepPageSnapshot,
  onPageSnapshotsForgotten,
  pageDrawn,
} from '../../lib/offline/page-snapshot';

/** How long a page must stay as it is before it is kept: its parts have arrived by then. */
const STILL_MS = 1_000;

/**
 * What a page shows now: 'loading' while it has nothing of its own to show, 'content' once its
 * content is drawn (and may be kept), 'other' for anything else it draws (a message saying why it
 * cannot show the page, an editor), which is never kept.
 */
export type PageSnapshotState = 'loading' | 'content' | 'other';

/** A query's status as the state of the page it draws. */
export const pageStateOf = (status: 'pending' | 'success' | 'error'): PageSnapshotState =>
  status === 'pending' ? 'loading' : status === 'success' ? 'content' : 'other';

/**
 * A page a teacher opens offline (home, a programme, a playlist) paints from its snapshot at the
 * next start (src/lib/offline/page-snapshot.ts). Once the page is no longer loading, a snapshot
 * painted before it leaves in the same frame; while it shows its content, the page is kept
 * whenever it has been still for a second, and again after anything the device holds changed.
 */
export function usePageSnapshot(state: PageSnapshotState): void {
  const settled = state !== 'loading';
  useLayoutEffect(() => {
    if (settled) pageDrawn(document.getElementById('root'));
  }, [settled]);

  const drawn = state === 'content';
  useEffect(() => {
    const root = document.getElementById('root');
    if (!drawn || !root) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keepWhenStill = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void keepPageSnapshot(root).catch(() => undefined), STILL_MS);
    };
    const observer = new MutationObserver(keepWhenStill);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const stopListening = onPageSnapshotsForgotten(keepWhenStill);
    keepWhenStill();
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      stopListening();
    };
  }, [drawn]);
}
