import { useEffect } from 'react';
import { hasPendingPurge } from '../lib/auth/sign-out';
import { onSessionChange, readToken } from '../lib/session/session-storage';

/**
 * Whether this device has anything for the sync engine and the downloads to do: a signed-in
 * teacher, or a sign-out whose purge a reload cut short (a previous teacher's data still to go).
 * A visitor has neither, so Dexie, sync and download code never load for them.
 */
export function needsBackgroundWork(authToken: string | null): boolean {
  return authToken !== null || hasPendingPurge();
}

/**
 * On a teacher's device, Dexie and the code that reads downloaded answers start loading with the
 * app's own script, beside the route's chunk, not after the first render: an offline cold start
 * otherwise waits for the page to ask before IndexedDB's code is even fetched (see the
 * trace in bench/offline.mjs). Warming only: nothing runs until the hook below starts it.
 */
if (needsBackgroundWork(readToken())) {
  // A warm-up that fails is met again, and handled, where the code is really loaded.
  void import('./background-work').catch(() => undefined);
  void import('../lib/offline/document-store').catch(() => undefined);
}

/**
 * Loads and starts the sync engine and downloads (src/app/background-work) after the first
 * render, once the device needs them: at start, or when a teacher signs in. Once started they
 * keep running; what they do when the teacher signs out lives with them.
 */
export function useBackgroundWork(): void {
  useEffect(() => {
    const running: { stop: (() => void) | null; loading: boolean; unmounted: boolean } = {
      stop: null,
      loading: false,
      unmounted: false,
    };
    const start = () => {
      if (running.loading) return;
      running.loading = true;
      void import('./background-work').then(
        ({ startBackgroundWork }) => {
          if (!running.unmounted) running.stop = startBackgroundWork();
        },
        // Not loaded (the page is being left, or the connection dropped before the worker took
        // the page): the next sign-in asks again, and the next page load starts it.
        () => {
          running.loading = false;
        },
      );
    };
    if (needsBackgroundWork(readToken())) start();
    const stopListening = onSessionChange((session) => {
      if (session.token) start();
    });
    return () => {
      running.unmounted = true;
      stopListening();
      running.stop?.();
    };
  }, []);
}
