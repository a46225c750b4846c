import { db, type DownloadRecord, type StoredDocument } from '../db/database';
import { collectMedia, isUpload, mergeMedia } from './collect-media';
import { DownloadError } from './download-error';
import { describeUpdateFailure, type UpdateOutcome } from './download-failure';
import { freeSpace, sizeFiles, storeFiles } from './download-files';
import type { DownloadPlan } from './download-plan';
import { forgetWorkerCopies } from './download-release';
import { fetchAnswerToStore } from './fetch-answer';
import { filesNotStoredWhole, releaseFiles } from './media-store';
import {
  discardStaged,
  stageAnswers,
  stagedIds,
  stagingOwner,
  switchToStaged,
} from './update-staging';

/**
 * Brings a download to the CMS's newest version by running its plan again, so what the new
 * version adds (a newly attached activity's slideshow, its sub-slideshows, their files) is
 * collected, and what it no longer uses is let go (answers and files other downloads still use
 * stay). The new version is staged beside the downloaded one (./update-staging) and switched in
 * only once every answer and file is stored and checked: until then, and whenever it fails, the
 * lesson page and lesson mode run the downloaded version, complete. The record takes the title the
 * CMS has now.
 */

const running = new Map<string, AbortController>();
const lockName = (id: string) => `update:${id}`;

const ALREADY_RUNNING: UpdateOutcome = {
  updated: false,
  message: 'This download is being updated already.',
};

/** Stops an update wherever this tab runs it; what it staged goes, the old version stays. */
export function cancelUpdate(id: string): void {
  running.get(id)?.abort();
}

async function isUpdating(id: string): Promise<boolean> {
  if (running.has(id)) return true;
  if (!navigator.locks?.query) return false;
  const { held = [] } = await navigator.locks.query();
  return held.some((lock) => lock.name === lockName(id));
}

/**
 * At start: what an update left behind when the page went away (staged answers, files counted
 * by its staging, old files a switch had not released yet) goes; the downloaded version stays.
 */
export async function discardLeftoverUpdates(): Promise<void> {
  for (const id of await stagedIds()) if (!(await isUpdating(id))) await discardStaged(id);
  for (const record of await db.downloads.where('status').equals('complete').toArray())
    if (!(await isUpdating(record.id))) await releaseFiles(record, new Set(record.mediaUrls));
}

/**
 * `carried`: answers kept as they are (stored before the query text was kept with them, so they
 * cannot be asked again).
 */
export async function updateByPlan(
  record: DownloadRecord,
  plan: DownloadPlan,
  carried: StoredDocument[] = [],
): Promise<UpdateOutcome> {
  if (running.has(record.id)) return ALREADY_RUNNING;
  if (!navigator.locks?.request) return stageAndSwitch(record, plan, carried);
  return navigator.locks.request(lockName(record.id), { ifAvailable: true }, (lock) =>
    lock ? stageAndSwitch(record, plan, carried) : ALREADY_RUNNING,
  );
}

async function stageAndSwitch(
  record: DownloadRecord,
  plan: DownloadPlan,
  carried: StoredDocument[],
): Promise<UpdateOutcome> {
  const { id } = record;
  const controller = new AbortController();
  running.set(id, controller);
  const { signal } = controller;
  let needed = 0;
  try {
    const { answers, title } = await collectAnswers(record, plan, signal);
    for (const answer of carried)
      if (!answers.some((fresh) => fresh.key === answer.key)) answers.push(answer);
    const media = mergeMedia([
      ...answers.map((answer) => collectMedia(answer.data)),
      (plan.media ?? []).filter((file) => isUpload(file.url)),
    ]);
    const urls = media.map((file) => file.url);
    const { sizes, missing } = await sizeFiles(
      urls,
      new Map(media.map((file) => [file.url, file.bytes])),
      signal,
    );
    needed =
      missing.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0) + JSON.stringify(answers).length;
    const free = await freeSpace();
    if (free !== null && free < needed) throw new DOMException('No room', 'QuotaExceededError');

    await stageAnswers({
      id,
      userId: record.userId,
      answers,
      mediaUrls: urls,
      title,
      version: plan.version,
      startedAt: Date.now(),
    });
    await storeFiles(stagingOwner(id), urls, sizes, signal, async () => signal.throwIfAborted());
    // Success is said only of what is really stored: every file there, of the size counted.
    if ((await filesNotStoredWhole(urls)).length > 0)
      throw new DownloadError('A file of the update is not stored whole.');
    signal.throwIfAborted();
    const dropped = await switchToStaged(id);
    // After the switch: what the new version no longer uses goes (a failure here is tidied up
    // at the next start, by discardLeftoverUpdates).
    await releaseFiles(record, new Set(urls)).catch(() => undefined);
    await forgetWorkerCopies(dropped).catch(() => undefined);
    return { updated: true };
  } catch (error) {
    const cancelled = signal.aborted;
    await discardStaged(id).catch(() => undefined);
    return describeUpdateFailure(error, cancelled, needed);
  } finally {
    if (running.get(id) === controller) running.delete(id);
  }
}

/** Every answer of the plan, fetched from the CMS itself and kept in memory. */
async function collectAnswers(record: DownloadRecord, plan: DownloadPlan, signal: AbortSignal) {
  const answers: StoredDocument[] = [];
  let title = record.title;
  await plan.collect(
    async (document, variables = {}) => {
      const answer = await fetchAnswerToStore(record.userId, document, variables, signal);
      const { key, data } = answer;
      const index = answers.findIndex((stored) => stored.key === key);
      if (index >= 0) answers[index] = answer;
      else answers.push(answer);
      return data as never;
    },
    { title: (found) => void (title = found) },
  );
  return { answers, title };
}
