import {
  db,
  type DeviceSearchItem,
  type DeviceSearchRow,
  type DownloadRecord,
} from '../db/database';

/**
 * The device's search index, kept per download in IndexedDB (`searchIndex`): a download adds its
 * items, an update replaces them (its record changed), a removal drops them. It is brought up to
 * date when the device's search is used (`refreshSearchIndex`), from the answers the download
 * stored, so it works offline and holds only what this teacher stored.
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
  kind: string;
  title: string;
  body: string;
  time: string | null;
}

/** Every object with a documentId and a title under a known field, with its own text. */
function collect(value: unknown, field: string, out: Found[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, field, out);
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
      kind,
      title: object.title,
      body,
      time: typeof object.time === 'string' ? object.time : null,
    });
  }
  for (const [name, child] of Object.entries(object)) collect(child, name, out);
}

/** Where a found object opens, from the download's own page. */
function hrefOf(record: DownloadRecord, found: Found): string {
  if (found.documentId === record.contentId) return record.path;
  if (found.kind === 'activity' && (record.kind === 'lesson' || record.kind === 'unit'))
    return `${record.path}/activity/${found.documentId}`;
  if (found.kind === 'lesson' && record.kind === 'unit')
    return `${record.path}/lesson/${found.documentId}`;
  if (found.kind === 'unit' && record.kind === 'lesson')
    return record.path.replace(/\/lesson\/[^/]+$/, '');
  return record.path;
}

/** The searchable items of one download, read from the answers it stored. */
export async function itemsOfDownload(record: DownloadRecord): Promise<DeviceSearchItem[]> {
  const found: Found[] = [];
  const answers = await db.documents.bulkGet(record.documentKeys);
  for (const answer of answers) if (answer) collect(answer.data, '', found);
  const own: DeviceSearchItem = {
    documentId: record.contentId,
    kind: DOWNLOAD_KIND[record.kind],
    title: record.title,
    body: '',
    href: record.path,
    place: [],
    time: null,
  };
  const items = new Map<string, DeviceSearchItem>([[own.documentId, own]]);
  for (const entry of found) {
    // A bare reference (a title in a list) is not stored content: only the download's own item,
    // and objects stored with their text, are found.
    const known = items.get(entry.documentId);
    if (!entry.body && !known) continue;
    if (known && known.body.length >= entry.body.length) continue;
    items.set(entry.documentId, {
      documentId: entry.documentId,
      kind: entry.documentId === record.contentId ? own.kind : entry.kind,
      title: entry.title,
      body: entry.body,
      href: hrefOf(record, entry),
      place:
        entry.documentId === record.contentId
          ? []
          : [{ kind: own.kind, title: record.title, href: record.path }],
      time: entry.time,
    });
  }
  return [...items.values()];
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
  const kept = new Map(rows.map((row) => [row.id, row]));
  const gone = rows.filter((row) => !complete.has(row.id)).map((row) => row.id);
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

/** A removed download's items leave the index with it. */
export async function dropFromSearchIndex(downloadId: string): Promise<void> {
  await db.searchIndex.delete(downloadId);
}

/** Sign-out: everything this teacher's search index holds. */
export async function purgeSearchIndex(userId: string): Promise<void> {
  await db.searchIndex.where('userId').equals(userId).delete();
}
