/**
 * Downloads the CMS has a newer version of, as found this session (a lesson's check when its
 * page opens, the storage page's 'Check for updates', or a downloaded answer read while online).
 * The one owner of "a newer version exists": the lesson page, lesson mode and the storage page
 * all read it here, so they never disagree. Memory only: it is knowledge about the
 * network, not content, and the next page load checks again. The stored answers stay as they
 * are until the teacher's update (or the page's own, outside lesson mode) replaces them whole.
 */
const newer = new Set<string>();
const listeners = new Set<() => void>();
/** A copy that changes only when the set does, for useSyncExternalStore. */
let snapshot: ReadonlySet<string> = new Set();

function changed() {
  snapshot = new Set(newer);
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

/** Every download with a newer version, for a list of downloads (useSyncExternalStore). */
export function newerVersions(): ReadonlySet<string> {
  return snapshot;
}

/** For useSyncExternalStore. */
export function subscribeToNewerVersions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
