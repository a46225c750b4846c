/** Messages between the page and the service worker; both sides import these types. */
export type PageToWorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'CLAIM' }
  /** Log Out or a 401 ended the session whose token hashes to `partition` (sign-out.ts). */
  | { type: 'SESSION_ENDED'; partition: string };

/** Messages from the worker to its pages. */
export type WorkerToPageMessage =
  /** The worker's own write found the device full (its answer was still the fresh one). */
  { type: 'STORAGE_FULL'; store: 'graphql' | 'media' };

/**
 * A GraphQL request that must reach the CMS or fail: downloads, updates and freshness checks.
 * The worker does not take it at all, so "no answer" is never mistaken for "no change".
 */
export const NETWORK_ONLY_HEADER = 'x-network-only';
/** An editor's preview token (cms/src/preview/preview-access.js): the worker never takes such a request. */
export const PREVIEW_HEADER = 'x-preview-token';

/**
 * The worker answers every request it takes; one it could not get from the network (offline, the
 * page gone) is answered 503 with this header, which the page reads as "could not be reached",
 * exactly as a failed fetch. A rejected answer instead is reported as an error in the page by
 * some browsers (Firefox), for every request a navigation or a lost connection cuts short.
 */
export const CMS_UNREACHABLE_HEADER = 'x-cms-unreachable';

/**
 * For a page's fetch of something the worker takes (a file under /uploads): the worker's
 * "could not be reached" answer becomes the failed fetch it stands for, so the page's failure
 * handling (a lost connection waits; online, a stopped download) is the same with or without
 * the worker.
 */
export async function fetchThroughWorker(input: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.headers.has(CMS_UNREACHABLE_HEADER))
    throw new TypeError('The network could not be reached');
  return response;
}

/** Cache Storage names. Downloaded content has stable names that a new build never deletes. */
export const CACHE_NAMES = {
  graphql: 'graphql-v1',
  mediaRuntime: 'media-runtime-v1',
  mediaDownloads: 'media-downloads',
  slideSnapshots: 'slide-snapshots-v1',
  pageSnapshots: 'page-snapshots-v1',
} as const;

/**
 * A downloaded lesson's first slide as the app last drew it (src/lib/offline/slide-snapshot.ts),
 * which the worker paints from HTML before the app's script has run (sw/snapshots.ts).
 * Its answer says, in these headers, the shell it was drawn by (the entry script's address: an
 * update's new stylesheets and markup would not match it), the page's title, and the
 * downloaded answer it was drawn from.
 */
export const SNAPSHOT_HEADERS = {
  shell: 'x-snapshot-shell',
  title: 'x-snapshot-title',
  source: 'x-snapshot-source',
  /** The signed-in user it was drawn for: a start by anyone else paints nothing (src/lib/session/snapshot-cover-check.ts). */
  user: 'x-snapshot-user',
  /** On the page the worker made of a snapshot: the snapshot it was made of. */
  digest: 'x-snapshot-digest',
} as const;

/**
 * The address a snapshot of a page is kept under: its origin and path as they are, never its
 * query. Joined as text: a path that starts with '//' read as a URL would name another host, and
 * another page's snapshot (the page kept at that host's path) would be painted over this one.
 */
export function snapshotAddress(url: { origin: string; pathname: string }): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * Where the worker keeps the page it made of a snapshot (the shell with it painted in), beside
 * the snapshot's own address, so that the next start is one read; a new snapshot drops it.
 */
export function snapshotPageAddress(address: string): string {
  return `${address}?snapshot-page`;
}

/** What the page stores for one snapshot (a first slide, a page), and the worker reads. */
export interface StoredSnapshot {
  /** The stylesheets the slide was drawn with: the build's own (SNAPSHOT_STYLESHEET). */
  stylesheets: string[];
  /** The app's markup of the slide, without ids, scripts or frames. */
  markup: string;
  /** The window's size it was drawn at: at any other size its layout would not be the app's. */
  width: number;
  height: number;
}

/** A stylesheet a snapshot may name: one of the build's own, by its path. */
export const SNAPSHOT_STYLESHEET = /^\/assets\/[\w.-]+\.css$/;

/** The element that holds a snapshot in the page, until the app has drawn the page itself. */
export const SNAPSHOT_COVER_CLASS = 'snapshot-cover';

/**
 * Marks an element a snapshot leaves out (src/lib/offline/snapshot-cover.ts): it says the
 * device's state now (the sync pill, the offline banner), which may no longer hold at the next
 * start.
 */
export const SNAPSHOT_OMIT_ATTRIBUTE = 'data-snapshot-omit';

/**
 * On an answer the worker keeps: the address of the page that asked for it, so the device's
 * search can find what was seen while browsing and open the page that showed it.
 */
export const ANSWER_PAGE_HEADER = 'X-Page';

/** A media request the download manager makes: the worker fetches it and keeps no runtime copy. */
export const MEDIA_DOWNLOAD_HEADER = 'x-media-download';
