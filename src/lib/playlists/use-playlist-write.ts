import { useCallback, useState } from 'react';

/** What the teacher is told when a change could not be saved on this device. */
export function playlistWriteProblem(error: unknown): string {
  const name = (error as { name?: string; inner?: { name?: string } } | null)?.name;
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name;
  if (name === 'QuotaExceededError' || inner === 'QuotaExceededError') {
    return 'This device is out of space, so the change was not saved. Free some space (Offline storage) and try again.';
  }
  if (error instanceof Error && /no longer exists on this device/.test(error.message))
    return error.message;
  return 'The change could not be saved on this device. Try again.';
}

/**
 * The one way the playlist screens write: runs the write, says why it failed instead of leaving
 * an unhandled rejection (a dialog stuck on its form), and reports whether it is still busy so a
 * second click cannot send the same change twice.
 */
export function usePlaylistWrite() {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(write: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> => {
      setBusy(true);
      setProblem(null);
      try {
        return { ok: true, value: await write() };
      } catch (error) {
        console.warn('A playlist change was not saved', error);
        setProblem(playlistWriteProblem(error));
        return { ok: false };
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  const clearProblem = useCallback(() => setProblem(null), []);
  return { run, problem, busy, clearProblem };
}
