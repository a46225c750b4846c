import { readUser } from '../session/session-storage';
import { CACHE_NAMES, SNAPSHOT_HEADERS } from '../sw-messages';
import { stableStringify } from '../graphql-cache-key';
import { documentKey } from './document-keys';
import {
  describeSnapshot,
  dropSnapshot,
  paintedMarkup,
  pageAddress,
  shellEntry,
  snapshotMarkup,
  storeSnapshot,
} from './snapshot-cover';

/**
 * A downloaded lesson's first slide, kept as the app drew it, so that the next start of that
 * page paints it from HTML before the app's script has run (the worker puts it in the shell:
 * sw/snapshots.ts). The rules that keep it true:
 * - only a slide drawn from the teacher's downloaded answer is kept, and kept only while that
 *   answer is the one it was drawn from: any write to that answer forgets it, clearing the
 *   answers forgets them all (src/lib/db/database.ts), as does the end of a session (sign-out.ts,
 *   the worker);
 * - it shows only at the window size it was drawn at, and only for the build that drew it;
 * - it leaves the page in the frame the app's own slide appears, or the app says why it cannot
 *   show it; where the app's slide differs from the snapshot, the snapshot is drawn again.
 */

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
  const address = pageAddress();
  const drawnFor = { entry, user: String(user.id) };
  await storeSnapshot(CACHE_NAMES.slideSnapshots, address, describeSnapshot(markup), drawnFor, {
    [SNAPSHOT_HEADERS.source]: encodeURIComponent(key),
  });
  // The answer changed while this was being written (an update switched in): forgetting it then
  // may have come before the write, so the write is undone here.
  const now = await readStoredDocument(key);
  if (now?.storedAt !== drawnFrom.storedAt || readUser()?.id !== user.id)
    await dropSnapshot(await caches.open(CACHE_NAMES.slideSnapshots), address);
}
