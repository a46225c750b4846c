/**
 * Downloads the CMS has a newer version of, as found this session (a lesson's check when its
 * page opens, or a downloaded answer read while online). Memory only: it is knowledge about the
 * network, not content, and the next page load checks again. The stored answers stay as they
 * are until the teacher's update (or the page's own, outside lesson mode) replaces them whole.
 */
const newer = new Set<string>();
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function noteNewerVersion(id: string): void {
  if (newer.has(id)) return;
  newer.add(id);
  changed();
}

export function forgetNewerVersion(id: string): void {
  if (newer.delete(id)) changed();
}

export function hasNewerVersion(id: string): boolean {
  return newer.has(id);
}

/** For useSyncExternalStore. */
export function subscribeToNewerVersions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
