/**
 * Who a painted snapshot is shown to. The worker sends a page with a snapshot painted in it
 * (sw/snapshots.ts) hidden, naming the teacher it was drawn for; this check runs as the parser
 * reaches it, in an inline script just after the cover, so a cover that may show is in the first
 * frame (a module script fetched from the worker showed it one round trip and a compile later).
 *
 * The cover shows only to the session it was drawn for, a page's only offline (online the app
 * shows what the network answers now, which the snapshot may not be), and never in a tab that
 * presents the lesson or is the audience's window (another view of the slide). Otherwise it goes
 * before anything is painted. The tab takes the page's title (the cover's `data-title`) only with
 * its cover. Where the script does not run, the cover is never shown.
 */
import { SNAPSHOT_COVER_CLASS } from '../sw-messages';
import { AUDIENCE_WINDOW_NAME, SESSION_STORAGE_KEYS, STORAGE_KEYS } from '../storage-keys';

/** The names the check reads by, passed in: it runs away from this module. */
type CoverCheckNames = {
  user: string;
  presenting: string;
  audienceWindow: string;
  pageCover: string;
  checkedMark: string;
};

/** The mark the check leaves when it has run: a cover it took out was never in a frame before it. */
export const SNAPSHOT_COVER_CHECKED_MARK = 'snapshot-cover-checked';

/** What the check reads of the page, typed here: the worker, which writes it, has no DOM types. */
type CoverPage = {
  document: {
    title: string;
    currentScript: {
      previousElementSibling: {
        hidden?: boolean;
        getAttribute(name: string): string | null;
        classList: { contains(name: string): boolean };
        remove(): void;
      } | null;
      remove(): void;
    } | null;
  };
  localStorage: { getItem(key: string): string | null };
  sessionStorage: { getItem(key: string): string | null };
  navigator: { onLine: boolean };
  name: string;
  performance: { mark(name: string): unknown };
};

/**
 * Run as text, away from this module (Function.prototype.toString): it names nothing but its
 * argument and the page's own globals.
 */
function showCoverIfOwn(names: CoverCheckNames): void {
  const page = globalThis as unknown as CoverPage;
  const script = page.document.currentScript;
  const cover = script?.previousElementSibling;
  script?.remove();
  if (!cover || typeof cover.hidden !== 'boolean') return;
  let own = false;
  try {
    const user = JSON.parse(page.localStorage.getItem(names.user) ?? 'null') as {
      id?: unknown;
    } | null;
    own =
      user !== null &&
      cover.getAttribute('data-user') === String(user.id) &&
      !(cover.classList.contains(names.pageCover) && page.navigator.onLine) &&
      !page.sessionStorage.getItem(names.presenting) &&
      page.name !== names.audienceWindow;
  } catch {
    own = false;
  }
  if (own) {
    cover.hidden = false;
    // The page's own title, only with its cover: it names what the page holds.
    const title = cover.getAttribute('data-title');
    if (title) page.document.title = title;
  } else cover.remove();
  page.performance.mark(names.checkedMark);
}

const NAMES: CoverCheckNames = {
  user: STORAGE_KEYS.user,
  presenting: SESSION_STORAGE_KEYS.presenting,
  audienceWindow: AUDIENCE_WINDOW_NAME,
  pageCover: `${SNAPSHOT_COVER_CLASS}--page`,
  checkedMark: SNAPSHOT_COVER_CHECKED_MARK,
};

/** The inline script the worker writes just after a cover (its CSP names its hash). */
export const SNAPSHOT_COVER_CHECK_SCRIPT = `(${showCoverIfOwn.toString()})(${JSON.stringify(NAMES)})`;
