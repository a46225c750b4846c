import {
  db,
  type DeviceSearchItem,
  type DeviceSearchRow,
  type DownloadRecord,
} from '../db/database';
import { partitionOfKey, sessionPartition } from '../graphql-cache-key';
import { readToken } from '../session/session-storage';
import { ANSWER_PAGE_HEADER, CACHE_NAMES } from '../sw-messages';

/**
 * The device's search index, kept in IndexedDB (`searchIndex`), one row per download and one per
 * page answer the worker kept while browsing: a download adds its items, an update replaces them
 * (its record changed), a removal drops them; a kept answer adds the page's, a newer answer
 * replaces them, an answer the worker no longer holds takes them away. It is brought up to date
 * when the device's search is used (`refreshSearchIndex`, `refreshBrowsedIndex`), from what the
 * device stored, so it works offline and holds only what this teacher's session stored.
 */

/** The kind of a stored object, by the field that holds it in a CMS answer. */
const KIND_BY_FIELD: Record<string, string> = {
  lesson: 'lesson',
  lessons: 'lesson',
  activity: 'activity',
  activities: 'activity',
  activity_pages: 'activity',
  related_activities: 'activity',
  activityPage: 'activity',
  scheme: 'unit',
  schemes: 'unit',
  units: 'unit',
  programme: 'programme',
  programmes: 'programme',
  activitySections: 'activity section',
  activity_sections: 'activity section',
  liveProgrammes: 'live programme',
  liveProductions: 'live production',
  cpdLiveEvents: 'CPD event',
  cpdSessions: 'CPD session',
  customScheme: 'custom unit',
  customSchemes: 'custom unit',
  audioPage: 'recording',
  audio_page: 'recording',
  audioPages: 'recording',
};
const DOWNLOAD_KIND: Record<DownloadRecord['kind'], string> = {
  lesson: 'lesson',
  unit: 'unit',
  playlist: 'playlist',
  'audio-page': 'recording',
};
// Text that is an address, an identifier or markup settings rather than words to find.
const NOT_TEXT = /(^|_)(url|id|documentId|slug|mime|ext|hash|embed|formats|provider|template)$/i;

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface Found {
  documentId: string;
  slug: string | null;
  kind: string;
  title: string;
  body: string;
  time: string | null;
  /** Whether the answer is about it (a root field's object): its own page's answer is stored. */
  root: boolean;
}

/** Every object with a documentId and a title under a known field, with its own text. */
function collect(value: unknown, field: string, out: Found[], depth = 0): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, field, out, depth);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  const kind = KIND_BY_FIELD[field];
  if (kind && typeof object.documentId === 'string' && typeof object.title === 'string') {
    const body = Object.entries(object)
      .filter(
        ([name, text]) => typeof text === 'string' && name !== 'title' && !NOT_TEXT.test(name),
      )
      .map(([, text]) => plain(text as string))
      .filter(Boolean)
      .join(' ');
    out.push({
      documentId: object.documentId,
      slug: typeof object.slug === 'string' ? object.slug : null,
      kind,
      title: object.title,
      body,
      time: typeof object.time === 'string' ? object.time : null,
      root: depth === 1,
    });
  }
  for (const [name, child] of Object.entries(object)) collect(child, name, out, depth + 1);
}

/** A page's address without lesson mode's slide part: the page a found object is shown on. */
const pageAddress = (path: string) => path.replace(/\/slides(\/.*)?$/, '') || '/';

/** Where the page's address names a found object: the address up to it, or null. */
function namedBy(path: string, found: Found): string | null {
  const segments = path.split('/');
  const at = segments.findIndex(
    (segment, index) =>
      index > 0 &&
      (segment === encodeURIComponent(found.documentId) ||
        (found.slug !== null && segment === encodeURIComponent(found.slug))),
  );
  return at > 0 ? segments.slice(0, at + 1).join('/') : null;
}

/** The address below a page of `owner` kind where an object of `kind` opens (the app's routes). */
const BELOW: Record<string, Record<string, string>> = {
  programme: { unit: 'unit' },
  unit: { lesson: 'lesson', activity: 'activity' },
  lesson: { activity: 'activity' },
};

/**
 * Where a found object opens, from the page that holds it: its own page when the address names
 * it (a lesson's unit on the lesson's address), its page below the page's own object (a unit
 * below its programme's page, a lesson or activity below its unit's), and otherwise the page
 * itself, which shows it.
 */
function hrefOf(path: string, found: Found, ownKind: string | null): string {
  const named = namedBy(path, found);
  if (named) return named;
  // A secondary programme's page (/secondary/{key stage}/programme/{programme}) has nothing below
  // its own address: what it lists opens on it.
  const below =
    ownKind && !(ownKind === 'programme' && path.includes('/programme/'))
      ? BELOW[ownKind]?.[found.kind]
      : undefined;
  return below ? `${path}/${below}/${encodeURIComponent(found.documentId)}` : path;
}

/**
 * The searchable items of a page's stored answers: the page's own item (given for a download, or
 * the object the address ends with), and every object stored there with its text, placed under
 * the page's own item.
 */
function itemsOfAnswers(
  answers: unknown[],
  path: string,
  given: DeviceSearchItem | null,
): DeviceSearchItem[] {
  const found: Found[] = [];
  for (const answer of answers) collect(answer, '', found);
  const ownEntry = given ? null : found.find((entry) => namedBy(path, entry) === path);
  const own: DeviceSearchItem | null = given
    ? { ...given, shownOn: path, ownPage: true }
    : ownEntry
      ? {
          documentId: ownEntry.documentId,
          kind: ownEntry.kind,
          title: ownEntry.title,
          body: ownEntry.body,
          href: path,
          place: [],
          time: ownEntry.time,
          shownOn: path,
          ownPage: true,
        }
      : null;
  const items = new Map<string, DeviceSearchItem>(own ? [[own.documentId, own]] : []);
  for (const entry of found) {
    // A bare reference (a title in a list) is not stored content: only the page's own item, and
    // objects stored with their text, are found.
    const known = items.get(entry.documentId);
    if (!entry.body && !known) continue;
    if (known && known.body.length >= entry.body.length) continue;
    const isOwn = entry.documentId === own?.documentId;
    items.set(entry.documentId, {
      documentId: entry.documentId,
      kind: isOwn ? own.kind : entry.kind,
      title: entry.title,
      body: entry.body,
      href: isOwn ? own.href : hrefOf(path, entry, own?.kind ?? null),
      place: isOwn || !own ? [] : [{ kind: own.kind, title: own.title, href: own.href }],
      time: entry.time,
      shownOn: path,
      ownPage: isOwn || entry.root,
    });
  }
  return [...items.values()];
}

/** The searchable items of one download, read from the answers it stored. */
export async function itemsOfDownload(record: DownloadRecord): Promise<DeviceSearchItem[]> {
  const answers = await db.documents.bulkGet(record.documentKeys);
  return itemsOfAnswers(
    answers.map((answer) => answer?.data),
    record.path,
    {
      documentId: record.contentId,
      kind: DOWNLOAD_KIND[record.kind],
      title: record.title,
      body: '',
      href: record.path,
      place: [],
      time: null,
    },
  );
}

const signatureOf = (record: DownloadRecord) => `${record.updatedAt}:${record.version ?? ''}`;

/**
 * Brings the index up to date with this teacher's complete downloads: new or changed ones are
 * read again, removed ones dropped. Returns the rows.
 */
export async function refreshSearchIndex(userId: string): Promise<DeviceSearchRow[]> {
  const [records, rows] = await Promise.all([
    db.downloads.where('userId').equals(userId).toArray(),
    db.searchIndex.where('userId').equals(userId).toArray(),
  ]);
  const complete = new Map(
    records.filter((record) => record.status === 'complete').map((record) => [record.id, record]),
  );
  const downloadRows = rows.filter((row) => !row.id.startsWith(BROWSED));
  const kept = new Map(downloadRows.map((row) => [row.id, row]));
  const gone = downloadRows.filter((row) => !complete.has(row.id)).map((row) => row.id);
  if (gone.length > 0) await db.searchIndex.bulkDelete(gone);
  for (const id of gone) kept.delete(id);
  for (const record of complete.values()) {
    if (kept.get(record.id)?.signature === signatureOf(record)) continue;
    const row = {
      id: record.id,
      userId,
      signature: signatureOf(record),
      items: await itemsOfDownload(record),
    };
    await db.searchIndex.put(row);
    kept.set(record.id, row);
  }
  return [...kept.values()];
}

/** Rows of page answers kept while browsing: `browsed|{the worker's key for the answer}`. */
const BROWSED = 'browsed|';

/**
 * Brings the index up to date with the page answers the worker keeps for this session (Cache
 * Storage, this session's partition only: the answers the device would show offline): a new or
 * newer answer is read, one the worker no longer holds is dropped with its items. Answers kept
 * before the worker noted their page are left out: without it there is no page to open.
 */
export async function refreshBrowsedIndex(userId: string): Promise<DeviceSearchRow[]> {
  const rows = (await db.searchIndex.where('userId').equals(userId).toArray()).filter((row) =>
    row.id.startsWith(BROWSED),
  );
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(CACHE_NAMES.graphql);
  const partition = await sessionPartition(readToken());
  const keys = (await cache.keys()).filter((request) => partitionOfKey(request.url) === partition);
  const kept = new Map(rows.map((row) => [row.id, row]));
  const current = new Set<string>();
  for (const request of keys) {
    const id = `${BROWSED}${request.url}`;
    const response = await cache.match(request);
    const page = response?.headers.get(ANSWER_PAGE_HEADER);
    if (!response || !page) continue;
    current.add(id);
    const signature = response.headers.get('X-Cached-At') ?? '';
    if (kept.get(id)?.signature === signature) continue;
    const answer = (await response.json().catch(() => null)) as { data?: unknown } | null;
    const row = {
      id,
      userId,
      signature,
      items: itemsOfAnswers([answer?.data], pageAddress(page), null),
    };
    await db.searchIndex.put(row);
    kept.set(id, row);
  }
  const gone = [...kept.keys()].filter((id) => !current.has(id));
  if (gone.length > 0) await db.searchIndex.bulkDelete(gone);
  for (const id of gone) kept.delete(id);
  return [...kept.values()];
}

/** A removed download's items leave the index with it. */
export async function dropFromSearchIndex(downloadId: string): Promise<void> {
  await db.searchIndex.delete(downloadId);
}

/** Sign-out: everything this teacher's search index holds. */
export async function purgeSearchIndex(userId: string): Promise<void> {
  await db.searchIndex.where('userId').equals(userId).delete();
}
