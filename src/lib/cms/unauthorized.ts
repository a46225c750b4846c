/**
 * Spec part 1, section 4: a 401 from the content service clears local storage and reloads to the
 * home page. Queued playlist edits live in IndexedDB, not local storage, so they survive this and
 * replay once the same user signs in again.
 */
let handling = false;

export function handleUnauthorized(): void {
  if (handling) return;
  handling = true;
  localStorage.clear();
  window.location.assign('/');
}
