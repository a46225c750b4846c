import { readUser } from '../session/session-storage';
import {
  CACHE_NAMES,
  SLIDE_SNAPSHOT_CLASS,
  SNAPSHOT_HEADERS,
  SNAPSHOT_STYLESHEET,
  snapshotPageAddress,
  type StoredSnapshot,
} from '../sw-messages';
import { stableStringify } from '../graphql-cache-key';
import { documentKey } from './document-keys';

/**
 * A downloaded lesson's first slide, kept as the app drew it, so that the next start of that
 * page paints it from HTML before the app's script has run (the worker puts it in the shell:
 * sw/slide-snapshot.ts). The rules that keep it true:
 * - only a slide drawn from the teacher's downloaded answer is kept, and kept only while that
 *   answer is the one it was drawn from: any write to that answer forgets it, clearing the
 *   answers forgets them all (src/lib/db/database.ts), as does the end of a session (sign-out.ts,
 *   the worker);
 * - it shows only at the window size it was drawn at, and only for the build that drew it;
 * - it leaves the page in the frame the app's own slide appears, or the app says why it cannot
 *   show it; where the app's slide differs from the snapshot, the snapshot is drawn again.
 */

/** The longest a snapshot stands in for the app: past this the app's own loading state shows. */
export const SNAPSHOT_LONGEST_MS = 5_000;

/** Where the slide's words and pictures come from: one downloaded answer. */
export interface SnapshotSource {
  operationName: string;
  variables: Record<string, unknown>;
  /** The answer's field the deck was drawn from (the query's root field). */
  field: string;
  /** That field's value as this page drew it: kept only if it is the one stored now. */
  drawnFrom: unknown;
}

/** Whether the page drew the slide from this stored answer, not an older or newer one. */
function isDrawnFrom(stored: unknown, source: SnapshotSource): boolean {
  const field =
    stored && typeof stored === 'object'
      ? (stored as Record<string, unknown>)[source.field]
      : undefined;
  return field !== undefined && stableStringify(field) === stableStringify(source.drawnFrom);
}

/** Elements a snapshot cannot hold: a slide with one of them is not kept. */
const NOT_KEPT = 'script, iframe, object, embed, base, meta, link, template';

/**
 * The app's markup of `root` as a snapshot holds it: no ids (the app's own elements keep theirs,
 * and a label must never point into the snapshot) and nothing that plays by itself; null for a
 * slide with a frame or script in it.
 */
export function snapshotMarkup(root: Element): string | null {
  if (root.querySelector(NOT_KEPT)) return null;
  const copy = root.cloneNode(true) as Element;
  for (const element of copy.querySelectorAll('*')) {
    element.removeAttribute('id');
    element.removeAttribute('autofocus');
    element.removeAttribute('autoplay');
  }
  return copy.innerHTML;
}

/** The stylesheets the page uses now: the build's own, by their paths. */
function stylesheets(): string[] {
  return Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
    .map((link) => new URL(link.href, location.href))
    .filter((url) => url.origin === location.origin && SNAPSHOT_STYLESHEET.test(url.pathname))
    .map((url) => url.pathname);
}

/**
 * The entry script this page was started by (the worker serves a snapshot to that build only):
 * on a page painted from a snapshot, the one public/snapshot-start.js started.
 */
function shellEntry(): string | null {
  return (
    document.querySelector('script[data-entry]')?.getAttribute('data-entry') ??
    document.querySelector('script[type="module"][src]')?.getAttribute('src') ??
    null
  );
}

function snapshotElement(): Element | null {
  return document.querySelector(`.${SLIDE_SNAPSHOT_CLASS}`);
}

/** The snapshot this start painted, as served (read before the app removes it); null for none. */
let painted: string | null | undefined;

function paintedMarkup(): string | null {
  painted ??= snapshotElement()?.innerHTML ?? null;
  return painted;
}

/**
 * The app has drawn the page itself (a slide, or a message saying why it cannot): the snapshot
 * leaves in the same frame. Called on every slide; only the first call looks for it.
 */
export function releaseSlideSnapshot(): void {
  if (painted !== undefined) return;
  paintedMarkup();
  snapshotElement()?.remove();
}

/** The event that gives the app the slide keys pressed while the snapshot showed (public/snapshot-start.js). */
export const SNAPSHOT_RELEASED_EVENT = 'slide-snapshot-released';

let keysHandedOver = false;

/**
 * The app's slide takes keys now (called after its key handler is in place): the keys a teacher
 * pressed while only the snapshot showed reach it, in order. Once per start, and only after a
 * snapshot was painted.
 */
export function handOverHeldKeys(): void {
  if (keysHandedOver || !painted) return;
  keysHandedOver = true;
  document.dispatchEvent(new Event(SNAPSHOT_RELEASED_EVENT));
}

/**
 * The snapshots drawn from these downloaded answers go (with the pages the worker made of them);
 * every snapshot goes when `keys` is 'all' (the answers were cleared, or a session ended).
 */
export async function forgetSlideSnapshots(keys: readonly string[] | 'all'): Promise<void> {
  if (typeof caches === 'undefined' || !(await caches.has(CACHE_NAMES.slideSnapshots))) return;
  if (keys === 'all') {
    await caches.delete(CACHE_NAMES.slideSnapshots);
    return;
  }
  const written = new Set(keys.map((key) => encodeURIComponent(key)));
  const cache = await caches.open(CACHE_NAMES.slideSnapshots);
  for (const request of await cache.keys()) {
    const source = (await cache.match(request))?.headers.get(SNAPSHOT_HEADERS.source);
    if (source && written.has(source)) await dropSnapshot(cache, request.url);
  }
}

/** One snapshot goes, with the page the worker made of it. */
async function dropSnapshot(cache: Cache, address: string): Promise<void> {
  await cache.delete(address);
  await cache.delete(snapshotPageAddress(address));
}

/**
 * Keeps the page's slide as the snapshot of this address, when it was drawn from the signed-in
 * teacher's downloaded answer and differs from the one this start painted. `root` is the app's
 * root element.
 */
export async function keepSlideSnapshot(root: Element, source: SnapshotSource): Promise<void> {
  const user = readUser();
  const entry = shellEntry();
  if (!user || !entry || typeof caches === 'undefined') return;
  const markup = snapshotMarkup(root);
  if (markup === null || markup === paintedMarkup()) return;
  const { readStoredDocument } = await import('./document-store');
  const key = documentKey(String(user.id), source.operationName, source.variables);
  const drawnFrom = await readStoredDocument(key);
  // A tab still showing an older version (another tab updated the download) keeps nothing.
  if (!drawnFrom || !isDrawnFrom(drawnFrom.data, source)) return;
  const snapshot: StoredSnapshot = {
    stylesheets: stylesheets(),
    markup,
    width: window.innerWidth,
    height: window.innerHeight,
  };
  const address = new URL(location.pathname, location.origin).href;
  const cache = await caches.open(CACHE_NAMES.slideSnapshots);
  // The page the worker made of the last snapshot goes with it.
  await cache.delete(snapshotPageAddress(address));
  await cache.put(
    address,
    new Response(JSON.stringify(snapshot), {
      headers: {
        'Content-Type': 'application/json',
        [SNAPSHOT_HEADERS.shell]: entry,
        [SNAPSHOT_HEADERS.title]: encodeURIComponent(document.title),
        [SNAPSHOT_HEADERS.source]: encodeURIComponent(key),
      },
    }),
  );
  // The answer changed while this was being written (an update switched in): forgetting it then
  // may have come before the write, so the write is undone here.
  const now = await readStoredDocument(key);
  if (now?.storedAt !== drawnFrom.storedAt || readUser()?.id !== user.id)
    await dropSnapshot(cache, address);
}
