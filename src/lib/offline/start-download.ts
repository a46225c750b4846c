import { db, type DownloadRecord } from '../db/database';
import { readUser } from '../session/session-storage';
import { DownloadError } from './download-error';
import { storeDocuments } from './download-documents';
import { fetchMissingFiles, freeSpace, sizeFiles, sumOf } from './download-files';
import type { DownloadPlan } from './download-plan';
import { releaseUnused } from './download-release';
import { runDownload } from './download-runner';
import { downloadId } from './document-keys';
import { formatMegabytes } from './download-failure';

/** Spec "Downloads and storage": if it will not fit, say so with both figures and start nothing. */
async function checkFreeSpace(needed: number) {
  const free = await freeSpace();
  if (free !== null && free < needed)
    throw new DownloadError(
      `Not enough space on this device: this needs about ${formatMegabytes(needed)}, and ${formatMegabytes(free)} is free.`,
    );
}

/**
 * Makes an item available offline: stores its answers in IndexedDB and every media file in the
 * downloads cache. The record says what is done, so a reload or a lost connection resumes where
 * it stopped; running out of space removes what this download stored alone and says so.
 */
export async function startDownload(plan: DownloadPlan): Promise<DownloadRecord> {
  const user = readUser();
  if (!user) throw new DownloadError('Log in to make content available offline.');
  const userId = String(user.id);
  const id = downloadId(userId, plan.kind, plan.contentId);
  const previous = await db.downloads.get(id);
  await db.downloads.put({
    bytesTotal: 0,
    bytesDone: 0,
    documentKeys: [],
    mediaUrls: [],
    ...previous,
    id,
    userId,
    kind: plan.kind,
    contentId: plan.contentId,
    title: plan.title,
    path: plan.path,
    planParams: plan.params,
    // Fetched from the CMS now, even if it was first opened from a lesson file.
    source: undefined,
    status: 'downloading',
    filesListed: false,
    updatedAt: Date.now(),
  });
  void navigator.storage?.persist?.();

  const record = await runDownload(id, async (signal, report) => {
    const { keys, media } = await storeDocuments(plan, id, userId, signal);
    const urls = media.map((file) => file.url);
    const { sizes, missing } = await sizeFiles(
      urls,
      new Map(media.map((file) => [file.url, file.bytes])),
      signal,
    );
    await checkFreeSpace(missing.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0));
    // Downloading again (an update): what the item no longer needs goes, unless others use it.
    await releaseUnused((await db.downloads.get(id))!, new Set(keys), new Set(urls));
    await report({
      documentKeys: keys,
      mediaUrls: urls,
      bytesTotal: sumOf(sizes),
      filesListed: true,
      version: plan.version,
    });
    await fetchMissingFiles(id, sizes, signal, report);
  });
  if (!record) throw new DownloadError('The download was removed.');
  return record;
}
