import { useEffect } from 'react';
import { keepSlideSnapshot, type SnapshotSource } from '../../../lib/offline/slide-snapshot';

/** How long a first slide is shown before it is kept: its parts have arrived by then. */
const SETTLED_MS = 1_000;

/**
 * Keeps the first slide of a downloaded lesson as its snapshot once it has settled, so the next
 * start of this page paints it before the app has run (src/lib/offline/slide-snapshot.ts). Not
 * while a dialog is open over it: a snapshot is the slide as a start shows it.
 */
export function useSlideSnapshot(source: SnapshotSource | undefined, slideKey: string): void {
  useEffect(() => {
    if (!source) return undefined;
    const timer = setTimeout(() => {
      const root = document.getElementById('root');
      if (!root || root.querySelector('dialog[open], [role="dialog"], [role="alertdialog"]'))
        return;
      void keepSlideSnapshot(root, source).catch(() => undefined);
    }, SETTLED_MS);
    return () => clearTimeout(timer);
  }, [source, slideKey]);
}
