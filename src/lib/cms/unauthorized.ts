import { clearSession } from '../session/session-storage';

/**
 * Spec part 1, section 4: a 401 from the content service ends the session and reloads to the
 * home page. The app registers how (src/lib/auth/sign-out: the same purge as Log Out); lib/cms
 * cannot import it without a cycle (signing in itself asks the CMS). Until then, or if none is
 * registered, the session leaves local storage and the page reloads, as the spec's minimum.
 * Queued playlist edits live in IndexedDB, so they survive this and replay once the same user
 * signs in again.
 */
type UnauthorizedHandler = () => void | Promise<void>;

let handler: UnauthorizedHandler | null = null;
let handling = false;

export function setUnauthorizedHandler(next: UnauthorizedHandler | null): void {
  handler = next;
}

export function handleUnauthorized(): void {
  if (handling) return;
  handling = true;
  const done = () => {
    handling = false;
  };
  if (handler) {
    void Promise.resolve(handler()).finally(done);
    return;
  }
  clearSession();
  window.location.assign('/');
  done();
}
