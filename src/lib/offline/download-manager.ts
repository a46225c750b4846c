import { db, type DownloadRecord } from '../db/database';
import { cancelRun, forgetDownload } from './download-runner';
import { mediaStillMissing } from './media-store';
import { cancelUpdate } from './update-download';
import { discardStaged } from './update-staging';

/**
 * What the screens and sign-out call to manage downloads. The work is in small modules:
 * start-download (a plan run end to end), download-runner (one runner, one error mapper in
 * download-failure), media-store (reference-counted files), download-freshness (check for
 * updates, update), download-resume (carrying on after a reload or a lost connection).
 */
export { startDownload } from './start-download';
export { offerPlan, resumeDownloads } from './download-resume';
export { watchDownloadedAnswers } from './downloaded-answers-watch';

/**
 * Stops a download wherever it runs (this tab, another, or none after a reload), or its update
 * (the downloaded version stays).
 */
export function cancelDownload(id: string): Promise<void> {
  cancelUpdate(id);
  return cancelRun(id);
}

/** Removes a download, an update of it under way, and every answer and file no other uses. */
export async function removeDownload(id: string): Promise<void> {
  cancelUpdate(id);
  await discardStaged(id);
  await forgetDownload(id);
}

/** 'Remove all' on the storage page, and logout on a shared device. */
/** @returns how many downloads were removed */
export async function removeAllDownloads(userId: string): Promise<number> {
  const records = await db.downloads.where('userId').equals(userId).toArray();
  for (const record of records) await removeDownload(record.id);
  return records.length;
}

/** A download is available offline only if everything it needs is still really stored. */
export async function verifyDownload(record: DownloadRecord): Promise<'complete' | 'missing'> {
  for (const key of record.documentKeys) if (!(await db.documents.get(key))) return 'missing';
  return (await mediaStillMissing(record.mediaUrls)).length === 0 ? 'complete' : 'missing';
}
