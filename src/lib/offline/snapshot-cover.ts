import {
  CACHE_NAMES,
  SNAPSHOT_COVER_CLASS,
  SNAPSHOT_HEADERS,
  SNAPSHOT_OMIT_ATTRIBUTE,
  SNAPSHOT_STYLESHEET,
  snapshotAddress,
  snapshotPageAddress,
  type StoredSnapshot,
} from '../sw-messages';

/**
 * What both kinds of snapshot share on the page's side (a downloaded lesson's first slide,
 * slide-snapshot.ts; a page a teacher opens offline, page-snapshot.ts): the markup a snapshot
 * holds, how it is stored for the worker (sw/snapshots.ts paints it before the app's script
 * has run), and the cover the worker paints it in, which the app removes in the frame its own
 * page appears.
 */

/** The longest a snapshot stands in for the app: past this the app's own loading state shows. */
export const SNAPSHOT_LONGEST_MS = 5_000;

/**
 * Attributes a snapshot leaves out: ids and the references to them (React makes some ids per
 * render, and a label must never point into the snapshot; the cover is hidden from assistive
 * technology anyway), and what plays or takes focus by itself.
 */
export const LEFT_OUT_ATTRIBUTES = [
  'id',
  'for',
  'aria-controls',
  'aria-labelledby',
  'aria-describedby',
  'aria-owns',
  'aria-activedescendant',
  'aria-details',
  'aria-errormessage',
  'aria-flowto',
  'list',
  'headers',
  'popovertarget',
  // Set on a heading the app moves focus to after a navigation, and not at a start.
  'tabindex',
  'autofocus',
  'autoplay',
];

/** Elements a snapshot cannot hold: a page with one of them is not kept. */
const NOT_KEPT = 'script, iframe, object, embed, base, meta, link, template';

/**
 * The app's markup of `root` as a snapshot holds it: no ids nor references to them, nothing that
 * plays by itself, and none of what says the device's state now (elements marked
 * `data-snapshot-omit`: the sync pill, the offline and update banners), which a later start could
 * see otherwise; a form is a plain block; null for a page with a frame or script in it.
 */
export function snapshotMarkup(root: Element): string | null {
  const copy = root.cloneNode(true) as Element;
  for (const omitted of copy.querySelectorAll(`[${SNAPSHOT_OMIT_ATTRIBUTE}]`)) omitted.remove();
  if (copy.querySelector(NOT_KEPT)) return null;
  for (const form of copy.querySelectorAll('form')) form.replaceWith(asBlock(form));
  for (const element of copy.querySelectorAll('*'))
    for (const name of LEFT_OUT_ATTRIBUTES) element.removeAttribute(name);
  return copy.innerHTML;
}

/** A form's own attributes, which its plain block in a snapshot does not carry. */
export const FORM_ONLY_ATTRIBUTES = ['action', 'method', 'target', 'enctype', 'novalidate', 'name'];

/**
 * A form as a plain block with the same classes and content: the worker takes no form into a
 * snapshot (sw/snapshots.ts), and a snapshot is never sent anyway. No stylesheet of the app
 * selects forms by their element, so it is laid out the same.
 */
function asBlock(form: HTMLFormElement): HTMLDivElement {
  const block = form.ownerDocument.createElement('div');
  for (const { name, value } of Array.from(form.attributes))
    if (!FORM_ONLY_ATTRIBUTES.includes(name)) block.setAttribute(name, value);
  block.append(...Array.from(form.childNodes));
  return block;
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
export function shellEntry(): string | null {
  return (
    document.querySelector('script[data-entry]')?.getAttribute('data-entry') ??
    document.querySelector('script[type="module"][src]')?.getAttribute('src') ??
    null
  );
}

/** The address a snapshot of this page is kept under: its path, never its query. */
export function pageAddress(): string {
  return snapshotAddress(location);
}

/** The page as a snapshot of `markup` stores it: its stylesheets, its window's size. */
export function describeSnapshot(markup: string): StoredSnapshot {
  return {
    stylesheets: stylesheets(),
    markup,
    width: window.innerWidth,
    height: window.innerHeight,
  };
}

/**
 * Stores `snapshot` under `address` in the cache `cacheName`, for the shell `entry` and the
 * signed-in `user` (a start by anyone else paints nothing: src/lib/session/snapshot-cover-check.ts), with the
 * page's title and any headers of its own kind; the page the worker made of an earlier one goes.
 */
export async function storeSnapshot(
  cacheName: string,
  address: string,
  snapshot: StoredSnapshot,
  drawnFor: { entry: string; user: string },
  headers: Record<string, string> = {},
): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.delete(snapshotPageAddress(address));
  await cache.put(
    address,
    new Response(JSON.stringify(snapshot), {
      headers: {
        'Content-Type': 'application/json',
        [SNAPSHOT_HEADERS.shell]: drawnFor.entry,
        [SNAPSHOT_HEADERS.user]: drawnFor.user,
        [SNAPSHOT_HEADERS.title]: encodeURIComponent(document.title),
        ...headers,
      },
    }),
  );
}

/** One snapshot goes, with the page the worker made of it. */
export async function dropSnapshot(cache: Cache, address: string): Promise<void> {
  await cache.delete(address);
  await cache.delete(snapshotPageAddress(address));
}

/**
 * Every snapshot on the device goes, of both kinds: a session ended (sign-out.ts), or a start
 * found none, so they were drawn for someone no longer signed in here (their session went
 * without a sign-out, e.g. storage cleared in part; the cover's inline check has already taken
 * that start's cover out before it was painted).
 */
export async function forgetAllSnapshots(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(CACHE_NAMES.slideSnapshots);
  await caches.delete(CACHE_NAMES.pageSnapshots);
}

function coverElement(): Element | null {
  return document.querySelector(`.${SNAPSHOT_COVER_CLASS}`);
}

/** The snapshot this start painted, as served (read before the app removes it); null for none. */
let painted: string | null | undefined;
/** Whether the app has taken over from the snapshot (or found none). */
let released = false;

export function paintedMarkup(): string | null {
  painted ??= coverElement()?.innerHTML ?? null;
  return painted;
}

/**
 * The app has drawn the page itself (a slide, a page's content, or a message saying why it
 * cannot): the snapshot leaves in the same frame. Called at every such render; only the first
 * call looks for it.
 */
export function releaseSnapshot(): void {
  if (released) return;
  released = true;
  paintedMarkup();
  coverElement()?.remove();
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
