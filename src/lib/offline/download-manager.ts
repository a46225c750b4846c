import { db, type DownloadRecord } from '../db/database';
import { cancelRun, forgetDownload } from './download-runner';
import { mediaStillMissing } from './media-store';
import type { UpdateOutcome } from './download-failure';
import type { DownloadPlan } from './download-plan';
import { downloadId } from './document-keys';
import { startDownload } from './start-download';
import { cancelUpdate, updateByPlan } from './update-download';
import { discardStaged } from './update-staging';
import { dropFromSearchIndex, purgeSearchIndex } from './device-search-index';

/**
 * What the screens and sign-out call to manage downloads. The work is in small modules:
 * start-download (a plan run end to end), download-runner (one runner, one error mapper in
 * download-failure), media-store (reference-counted files), download-freshness (check for
 * updates, update), download-resume (carrying on after a reload or a lost connection).
 */
export { startDownload };
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

/**
 * 'Update download' (an item that changed on this device, e.g. a playlist's items): a complete
 * download is updated beside itself and switched whole (./update-download); one not complete
 * simply runs its plan again.
 */
export async function updateToPlan(plan: DownloadPlan, userId: string): Promise<UpdateOutcome> {
  const record = await db.downloads.get(downloadId(userId, plan.kind, plan.contentId));
  if (record?.status === 'complete') return updateByPlan(record, plan);
  await startDownload(plan);
  return { updated: true };
}

/** Removes a download, an update of it under way, and every answer and file no other uses. */
export async function removeDownload(id: string): Promise<void> {
  cancelUpdate(id);
  await discardStaged(id);
  await forgetDownload(id);
  await dropFromSearchIndex(id);
}

/** 'Remove all' on the storage page, and logout on a shared device. */
/** @returns how many downloads were removed */
export async function removeAllDownloads(userId: string): Promise<number> {
  const records = await db.downloads.where('userId').equals(userId).toArray();
  for (const record of records) await removeDownload(record.id);
  await purgeSearchIndex(userId);
  return records.length;
}

/** A download is available offline only if everything it needs is still really stored. */
export async function verifyDownload(record: DownloadRecord): Promise<'complete' | 'missing'> {
  for (const key of record.documentKeys) if (!(await db.documents.get(key))) return 'missing';
  return (await mediaStillMissing(record.mediaUrls)).length === 0 ? 'complete' : 'missing';
}
