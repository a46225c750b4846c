import { db } from '../db/database';
import type { ReportProgress } from './download-runner';
import { claimStoredFile, fetchAndStoreFile, mediaStillMissing, sizeOfFile } from './media-store';

/** Media files fetched at once: enough to fill the pipe, few enough for a school's Wi-Fi. */
const CONCURRENCY = 4;
/** Progress is written at most once per this many bytes of a file (and at each file's end). */
const REPORT_EVERY_BYTES = 64 * 1024;

/**
 * Works through `items` a few at a time. After a failure no new item starts, and it rejects only
 * once the items under way have ended, so nothing is stored after the caller cleans up.
 */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>) {
  const queue = [...items];
  let failed = false;
  const workers = await Promise.allSettled(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let item = queue.shift(); item !== undefined && !failed; item = queue.shift()) {
        try {
          await work(item);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }),
  );
  const failure = workers.find((worker) => worker.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Free bytes on this device as the browser estimates them, or null when it does not say. */
export async function freeSpace(): Promise<number | null> {
  const quota = await navigator.storage?.estimate?.();
  if (!quota?.quota || quota.usage === undefined) return null;
  return quota.quota - quota.usage;
}

/**
 * The size of every file of a download, as exactly as can be known before fetching: stored
 * files by their real size, others by what the CMS said, else by the server's Content-Length.
 */
export async function sizeFiles(
  urls: string[],
  cmsSizes: Map<string, number>,
  signal: AbortSignal,
): Promise<{ sizes: Map<string, number>; missing: string[] }> {
  const missing = await mediaStillMissing(urls);
  const stored = await db.media.bulkGet(urls);
  const sizes = new Map(
    urls.map((url, index) => [url, stored[index]?.bytes ?? cmsSizes.get(url) ?? 0]),
  );
  await inParallel(
    missing.filter((url) => !sizes.get(url)),
    async (url) => void sizes.set(url, await sizeOfFile(url, signal)),
  );
  return { sizes, missing };
}

export const sumOf = (sizes: Map<string, number>) =>
  [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);

/**
 * Stores the files of a download that are not stored yet, a few at a time, counting bytes as
 * they arrive; files already stored (by this download before an interruption, or by another
 * one) are not fetched again, and count as this download's (freed only with the last user).
 */
export async function fetchMissingFiles(
  id: string,
  cmsSizes: Map<string, number>,
  signal: AbortSignal,
  report: ReportProgress,
): Promise<void> {
  const record = (await db.downloads.get(id))!;
  await storeFiles(id, record.mediaUrls, cmsSizes, signal, report);
}

/**
 * Stores `urls` for `owner` (a download, or an update's staging): each is counted in the `media`
 * table under `owner`, whether it was stored already or is fetched now.
 */
export async function storeFiles(
  owner: string,
  urls: string[],
  cmsSizes: Map<string, number>,
  signal: AbortSignal,
  report: ReportProgress,
): Promise<void> {
  const { sizes, missing } = await sizeFiles(urls, cmsSizes, signal);
  for (const url of urls) if (!missing.includes(url)) await claimStoredFile(url, owner);
  let filesDone = urls.length - missing.length;
  let bytesDone = sumOf(sizes) - missing.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
  const total = () => Math.max(sumOf(sizes), bytesDone);
  await report({ bytesDone, bytesTotal: total(), filesDone });
  await inParallel(missing, async (url) => {
    let unreported = 0;
    let received = 0;
    const size = await fetchAndStoreFile(url, owner, signal, async (bytes) => {
      received += bytes;
      bytesDone += bytes;
      unreported += bytes;
      // A file bigger than announced grows the total with it, so the bar never overflows.
      if (received > (sizes.get(url) ?? 0)) sizes.set(url, received);
      if (unreported < REPORT_EVERY_BYTES) return;
      unreported = 0;
      await report({ bytesDone, bytesTotal: total() });
    });
    sizes.set(url, size);
    filesDone += 1;
    await report({ bytesDone, bytesTotal: total(), filesDone });
  });
  await report({ bytesDone: sumOf(sizes), bytesTotal: sumOf(sizes), filesDone });
}
