import { db, type DownloadRecord } from '../db/database';
import { CACHE_NAMES, MEDIA_DOWNLOAD_HEADER, fetchThroughWorker } from '../sw-messages';
import { DownloadError } from './download-error';
import { SIGN_ANSWER_HEADER } from '../cms/signed-answer-headers';

/**
 * Downloaded media files: whole files in Cache Storage, and in the `media` table who uses each
 * (reference counts). A file shared by several downloads is stored once and counted once.
 */

const openFiles = () => caches.open(CACHE_NAMES.mediaDownloads);

export async function mediaStillMissing(urls: string[]): Promise<string[]> {
  const cache = await openFiles();
  const missing: string[] = [];
  for (const url of urls) if (!(await cache.match(url))) missing.push(url);
  return missing;
}

/** A file already stored (by this download or another) joins this download; its size, or null. */
export async function claimStoredFile(url: string, downloadId: string): Promise<number | null> {
  const existing = await db.media.get(url);
  if (!existing || !(await (await openFiles()).match(url))) return null;
  if (!existing.usedBy.includes(downloadId))
    await db.media.update(url, { usedBy: [...existing.usedBy, downloadId] });
  return existing.bytes;
}

/** The size the server gives for a file (HEAD), 0 when it says none. */
export async function sizeOfFile(url: string, signal: AbortSignal): Promise<number> {
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      signal,
      cache: 'no-store',
      headers: { [MEDIA_DOWNLOAD_HEADER]: '1' },
    });
    return Number(response.headers.get('content-length')) || 0;
  } catch (error) {
    if (signal.aborted) throw error;
    return 0;
  }
}

export const FILE_NOT_FETCHED =
  'One of the files could not be fetched from the content service. Try again in a moment.';

/**
 * Fetches one file and stores it, telling `onBytes` about every chunk as it arrives (so progress
 * moves within a large file); returns its real size.
 */
export async function fetchAndStoreFile(
  url: string,
  downloadId: string,
  signal: AbortSignal,
  onBytes: (bytes: number) => Promise<void>,
): Promise<number> {
  // Past the browser's HTTP cache: a <video> that read part of this file leaves a partial entry
  // there, which turns a plain GET into a range request answered 206 (seen with the home page's
  // intro video). The file is kept in Cache Storage; a second copy in the HTTP cache is waste.
  // Signed by the CMS (a file it serves itself): the statement and signature come as headers,
  // which Cache Storage keeps with the file, so it can travel in a lesson file.
  const response = await fetchThroughWorker(url, {
    signal,
    cache: 'no-store',
    headers: { [MEDIA_DOWNLOAD_HEADER]: '1', [SIGN_ANSWER_HEADER]: '1' },
  });
  if (response.status !== 200) {
    // The teacher reads the message; the address and status are for the console.
    console.warn(`Download: ${url} answered ${response.status}`);
    throw new DownloadError(FILE_NOT_FETCHED);
  }
  // Streamed into Cache Storage as it arrives, counted on the way: the page never holds the
  // file (a 500 MB film is not 500 MB of a school laptop's memory). A failure part-way (the
  // network, a cancel from onBytes, a full disk) fails the put, which then stores nothing.
  let size = 0;
  const counted = response.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        size += chunk.byteLength;
        controller.enqueue(chunk);
        await onBytes(chunk.byteLength);
      },
    }),
  );
  await keepFile(
    url,
    downloadId,
    new Response(counted ?? null, { status: 200, headers: response.headers }),
    () => size,
  );
  return size;
}

/**
 * Stores a whole file's answer under `url` for `owner` (its `media` row counts `bytesStored`, or
 * what it says once the put has read the body): a file fetched now, streamed, or one opened from
 * a lesson file (a Blob body is kept without being read here).
 */
export async function keepFile(
  url: string,
  owner: string,
  response: Response,
  bytesStored: number | (() => number),
): Promise<void> {
  const cache = await openFiles();
  await cache.put(url, response);
  const bytes = typeof bytesStored === 'number' ? bytesStored : bytesStored();
  const existing = await db.media.get(url);
  try {
    await db.media.put({
      url,
      bytes,
      usedBy: [...new Set([...(existing?.usedBy ?? []), owner])],
      storedAt: Date.now(),
    });
  } catch (error) {
    // No row, no file: a file nobody counts would be space the storage page never shows.
    if (!existing) await cache.delete(url);
    throw error;
  }
}

/**
 * The URLs among `urls` not stored whole: missing from Cache Storage, or of another size than
 * their `media` row says (what was counted is what is stored).
 */
export async function filesNotStoredWhole(urls: string[]): Promise<string[]> {
  const cache = await openFiles();
  const rows = await db.media.bulkGet(urls);
  const bad: string[] = [];
  for (const [index, url] of urls.entries()) {
    const stored = await cache.match(url);
    const row = rows[index];
    if (!stored || !row || (await stored.blob()).size !== row.bytes) bad.push(url);
  }
  return bad;
}

/**
 * Lets go of the files a download used that are not in `keep`; returns the URLs no download
 * uses any more, whose files are deleted from Cache Storage after the `media` rows.
 */
export async function releaseFiles(
  record: Pick<DownloadRecord, 'id'>,
  keep: Set<string>,
): Promise<void> {
  const dropped = await db.transaction('rw', db.media, () => dropUser(record.id, keep));
  await deleteFiles(dropped);
}

/**
 * Within a transaction on `media`: `user` lets go of its files not in `keep`; returns the URLs
 * nobody uses any more (for deleteFiles, once the transaction is over).
 */
export async function dropUser(user: string, keep: Set<string>): Promise<string[]> {
  const dropped: string[] = [];
  for (const media of await db.media.where('usedBy').equals(user).toArray()) {
    if (keep.has(media.url)) continue;
    const usedBy = media.usedBy.filter((other) => other !== user);
    if (usedBy.length === 0) {
      await db.media.delete(media.url);
      dropped.push(media.url);
    } else await db.media.update(media.url, { usedBy });
  }
  return dropped;
}

/** Cache Storage is outside IndexedDB's transactions: files go once no row refers to them. */
export async function deleteFiles(urls: string[]): Promise<void> {
  const cache = await openFiles();
  for (const url of urls) await cache.delete(url);
}
