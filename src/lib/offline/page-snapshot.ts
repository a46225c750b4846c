import { readUser } from '../session/session-storage';
import { CACHE_NAMES, SNAPSHOT_OMIT_ATTRIBUTE } from '../sw-messages';
import {
  describeSnapshot,
  dropSnapshot,
  pageAddress,
  paintedMarkup,
  releaseSnapshot,
  shellEntry,
  snapshotMarkup,
  storeSnapshot,
} from './snapshot-cover';

/**
 * A page a teacher opens offline (home, a programme, a playlist), kept as the app last drew it,
 * so that the next start of that address paints it from HTML before the app's script has run (the
 * worker puts it in the shell: sw/snapshots.ts). Unlike a first slide, such a page is drawn
 * from many stored things (cached answers, the device's playlists and downloads), so the rule
 * that keeps it true is wide: **any change to what the device holds forgets every page
 * snapshot**, and the page on screen keeps its own again once it has been still for a second.
 * - Forgotten at every write to a table of the device's database that a page shows
 *   (src/lib/db/database.ts); when the persisted query cache's answers change (query-client.ts);
 *   when the worker stores an answer that differs from the one it held (sw/graphql-cache.ts); and
 *   at the end of a session (sign-out.ts, the worker).
 * - Kept only for the signed-in teacher, for an address without a query, with no dialog or menu
 *   open, nothing loading and nothing typed; what says the device's state now (the sync pill,
 *   the banners) is left out (snapshot-cover.ts).
 * - Shown only at the window size it was drawn at, and only by the build that drew it; it leaves
 *   in the frame the app's own page appears. If the app's page then differs from what was painted,
 *   that is marked (`page-snapshot-differed`, read by the e2e tests) and the page is kept again.
 */

/** Marked when the app's page differed from the snapshot painted before it. */
export const SNAPSHOT_DIFFERED_MARK = 'page-snapshot-differed';

/** Counts this tab's forgets: a snapshot written across one is undone. */
let generation = 0;
const forgotten = new Set<() => void>();

/** Calls `listener` whenever this tab forgets the page snapshots; returns the unsubscribe. */
export function onPageSnapshotsForgotten(listener: () => void): () => void {
  forgotten.add(listener);
  return () => forgotten.delete(listener);
}

/** Something the device holds changed: every page snapshot goes. */
export async function forgetPageSnapshots(): Promise<void> {
  generation += 1;
  for (const listener of forgotten) listener();
  if (typeof caches === 'undefined') return;
  await caches.delete(CACHE_NAMES.pageSnapshots);
}

/** What this tab last kept (or the start painted), and at which generation. */
let lastKept: { address: string; markup: string; generation: number } | null = null;

/** The elements of `root` matching `selector`, but for those in what a snapshot leaves out. */
function shownParts<E extends Element>(root: Element, selector: string): E[] {
  return Array.from(root.querySelectorAll<E>(selector)).filter(
    (element) => !element.closest(`[${SNAPSHOT_OMIT_ATTRIBUTE}]`),
  );
}

/** Whether the app's page in `root` still shows something loading. */
function isLoading(root: Element): boolean {
  return shownParts(root, '.spinner, [aria-busy="true"]').length > 0;
}

/** Whether the page as it stands now is one a later start may show: nothing open, loading or typed. */
function isStill(root: Element): boolean {
  if (isLoading(root)) return false;
  if (shownParts(root, 'dialog[open], [role="dialog"], [role="alertdialog"]').length > 0)
    return false;
  if (shownParts(root, '[aria-expanded="true"]').length > 0) return false;
  // A field the teacher can type in, holding text (a read-only one, a link to copy, is the app's).
  return !shownParts<HTMLInputElement | HTMLTextAreaElement>(
    root,
    'input:not([readonly]):not([disabled]), textarea:not([readonly]):not([disabled])',
  ).some(
    (field) =>
      field.type !== 'hidden' &&
      field.type !== 'checkbox' &&
      field.type !== 'radio' &&
      field.value !== '',
  );
}

/**
 * Keeps the page in `root` (the app's root element) as the snapshot of this address, for the
 * signed-in teacher, unless it is what this tab last kept (or the start painted) and nothing was
 * forgotten since.
 */
export async function keepPageSnapshot(root: Element): Promise<void> {
  const user = readUser();
  const entry = shellEntry();
  if (!user || !entry || location.search || typeof caches === 'undefined') return;
  if (!isStill(root)) return;
  const markup = snapshotMarkup(root);
  if (markup === null) return;
  const address = pageAddress();
  lastKept ??= { address, markup: paintedMarkup() ?? '', generation: 0 };
  if (
    lastKept.address === address &&
    lastKept.markup === markup &&
    lastKept.generation === generation
  )
    return;
  const at = generation;
  lastKept = { address, markup, generation: at };
  await storeSnapshot(CACHE_NAMES.pageSnapshots, address, describeSnapshot(markup), {
    entry,
    user: String(user.id),
  });
  // Forgotten while this was being written (the forget may have come before the write), or the
  // session changed: the write is undone.
  if (generation !== at || readUser()?.id !== user.id)
    await dropSnapshot(await caches.open(CACHE_NAMES.pageSnapshots), address);
}

/**
 * The app has drawn this page's content (or says why it cannot): a snapshot painted before it
 * leaves in the frame the app's page has nothing left loading (its menu, its parts that load on
 * their own), so the teacher never sees a spinner where the snapshot showed the page. If the page
 * then differs from what was painted, that is marked; the page is kept again as it differs from
 * the painted one. Past SNAPSHOT_LONGEST_MS the snapshot goes anyway (main.tsx).
 */
export function pageDrawn(root: Element | null): void {
  if (paintedMarkup() === null || !root) {
    releaseSnapshot();
    return;
  }
  if (!isLoading(root)) {
    releaseAndCompare(root);
    return;
  }
  // Mutation callbacks run before the next frame is painted: the release is in the same frame.
  const observer = new MutationObserver(() => {
    if (isLoading(root)) return;
    observer.disconnect();
    releaseAndCompare(root);
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true });
}

function releaseAndCompare(root: Element): void {
  releaseSnapshot();
  const painted = paintedMarkup();
  const drawn = snapshotMarkup(root);
  if (painted === null || drawn === painted) return;
  // Where they part, for whoever reads the mark (the e2e tests print it).
  let at = 0;
  while (at < painted.length && painted[at] === drawn?.[at]) at += 1;
  const around = (text: string | null) => text?.slice(Math.max(0, at - 80), at + 160);
  performance.mark(SNAPSHOT_DIFFERED_MARK, {
    detail: { painted: around(painted), drawn: around(drawn) },
  });
}
