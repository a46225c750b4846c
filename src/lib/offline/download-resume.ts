import { db, type DownloadRecord } from '../db/database';
import { readUser } from '../session/session-storage';
import { fetchMissingFiles } from './download-files';
import { WAITING_FOR_CONNECTION } from './download-failure';
import type { DownloadPlan } from './download-plan';
import { forgetDownload, isRunningElsewhere, isRunningHere, runDownload } from './download-runner';
import { downloadId } from './document-keys';
import { rebuildPlan } from './plan-builders';
import { registeredPlan, registerPlan } from './plan-registry';
import { startDownload } from './start-download';
import { discardLeftoverUpdates } from './update-download';

/** Only records written before plans could be rebuilt (no `planParams`) still need their page. */
const WAITING_FOR_PAGE =
  'It stopped before all its files were listed. It carries on when you open it while online.';

/** Records written before `filesListed` existed had their keys only once the list was known. */
function filesListed(record: DownloadRecord): boolean {
  return record.filesListed ?? record.documentKeys.length > 0;
}

async function wait(record: DownloadRecord, error: string) {
  await db.downloads.update(record.id, { status: 'queued', error, updatedAt: Date.now() });
}

/**
 * Carries on with a download nobody runs: offline it waits ('queued', resumed by the `online`
 * event); online it fetches its missing files, or, when a reload cut it short before its files
 * were listed, runs its plan again: the open page's, else one rebuilt from the record.
 */
async function resumeOne(record: DownloadRecord): Promise<void> {
  if (!navigator.onLine) return wait(record, WAITING_FOR_CONNECTION);
  if (filesListed(record)) {
    await runDownload(record.id, (signal, report) =>
      fetchMissingFiles(record.id, new Map(), signal, report),
    ).catch(() => undefined);
    return;
  }
  const plan = registeredPlan(record.id) ?? (await rebuildPlan(record).catch(() => undefined));
  if (!plan) return wait(record, WAITING_FOR_PAGE);
  // A full device is told on the record's removal; nothing else to do here.
  await startDownload(plan).catch(() => undefined);
}

async function resumeAll() {
  const user = readUser();
  if (!user) return;
  const records = await db.downloads.where('userId').equals(String(user.id)).toArray();
  for (const record of records) {
    if (record.status !== 'downloading' && record.status !== 'queued') continue;
    // 'downloading' that no tab runs is what a reload or a closed page left behind.
    if (isRunningHere(record.id) || (await isRunningElsewhere(record.id))) continue;
    // A lesson file's opening cut short is not carried on from the CMS: it goes whole.
    if (record.source === 'file') void forgetDownload(record.id).catch(() => undefined);
    else void resumeOne(record);
  }
}

let listening = false;

/**
 * At start, at sign-in and whenever the network returns (the `online` event, listened to from
 * the first call): every interrupted download of the signed-in teacher carries on by itself. An
 * update a reload cut short is not carried on: what it staged goes, the downloaded version stays
 * (the teacher is offered the update again).
 */
export function resumeDownloads(): void {
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => void resumeAll());
  }
  void discardLeftoverUpdates().catch(() => undefined);
  void resumeAll();
}

/**
 * An item's page offers its plan while open: a download waiting for it carries on at once when
 * online. Returns the function that withdraws the offer.
 */
export function offerPlan(plan: DownloadPlan): () => void {
  const user = readUser();
  if (!user) return () => undefined;
  const id = downloadId(String(user.id), plan.kind, plan.contentId);
  const withdraw = registerPlan(id, plan);
  void db.downloads.get(id).then((record) => {
    if (record?.status === 'queued' && navigator.onLine && !isRunningHere(id))
      void resumeOne(record);
  });
  return withdraw;
}
