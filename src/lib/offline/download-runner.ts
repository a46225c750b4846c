import { db, type DownloadRecord } from '../db/database';
import { DownloadError } from './download-error';
import { DEVICE_FULL, describeFailure } from './download-failure';
import { releaseUnused } from './download-release';

/**
 * Runs downloads: one at a time per item across tabs (Web Locks, where the browser has them),
 * progress written to the record (the screens observe it), and every failure told through one
 * mapper (./download-failure). Cancel works from any tab or page load: it marks the record
 * paused, and the run stops at its next write.
 */

const controllers = new Map<string, AbortController>();

class Cancelled extends Error {}

export function isRunningHere(id: string): boolean {
  return controllers.has(id);
}

/** Whether another tab runs this download now (false where Web Locks are missing). */
export async function isRunningElsewhere(id: string): Promise<boolean> {
  if (!navigator.locks?.query) return false;
  const { held = [] } = await navigator.locks.query();
  return held.some((lock) => lock.name === lockName(id)) && !isRunningHere(id);
}

const lockName = (id: string) => `download:${id}`;

/** Writes progress, unless the download was cancelled or removed meanwhile (then it stops). */
export type ReportProgress = (changes: Partial<DownloadRecord>) => Promise<void>;

function reporter(id: string, controller: AbortController): ReportProgress {
  return async (changes) => {
    const wanted = await db.transaction('rw', db.downloads, async () => {
      const record = await db.downloads.get(id);
      if (!record || record.status === 'paused') return false;
      await db.downloads.update(id, { ...changes, updatedAt: Date.now() });
      return true;
    });
    if (!wanted) {
      controller.abort();
      throw new Cancelled();
    }
  };
}

/** Removes what a download stored alone (shared answers and files stay), and its record. */
export async function forgetDownload(id: string): Promise<void> {
  controllers.get(id)?.abort();
  const record = await db.downloads.get(id);
  if (!record) return;
  await releaseUnused(record, new Set(), new Set());
  await db.downloads.delete(id);
}

/** runDownload was asked to create the record, and one with its id is there already. */
export class DownloadExists extends Error {}

async function run(
  id: string,
  work: (signal: AbortSignal, report: ReportProgress) => Promise<void>,
  create?: DownloadRecord,
): Promise<void> {
  if (create && controllers.has(id)) throw new DownloadExists();
  controllers.get(id)?.abort();
  const controller = new AbortController();
  // Running here before its record exists: a resume in this tab never takes it for one a reload
  // cut short (other tabs see the run's lock).
  controllers.set(id, controller);
  if (create) {
    const made = await db
      .transaction('rw', db.downloads, async () => {
        if (await db.downloads.get(id)) return false;
        await db.downloads.add(create);
        return true;
      })
      .catch((error: unknown) => {
        controllers.delete(id);
        throw error;
      });
    if (!made) {
      controllers.delete(id);
      throw new DownloadExists();
    }
  }
  try {
    const report = reporter(id, controller);
    await db.downloads.update(id, {
      status: 'downloading',
      error: undefined,
      updatedAt: Date.now(),
    });
    await work(controller.signal, report);
    await report({ status: 'complete', error: undefined });
  } catch (error) {
    const failure = describeFailure(error, controller.signal.aborted || error instanceof Cancelled);
    if (failure.kind === 'device-full') {
      await forgetDownload(id);
      throw new DownloadError(DEVICE_FULL);
    }
    if (failure.kind === 'stopped') {
      await db.downloads.update(id, {
        status: failure.status,
        error: failure.message,
        updatedAt: Date.now(),
      });
    }
  } finally {
    if (controllers.get(id) === controller) controllers.delete(id);
  }
}

/**
 * Runs `work` for the download `id` and resolves with the record as it ended. Its record must
 * exist, unless `create` is given: then it is added under the run's lock, or DownloadExists is
 * thrown when a record with that id is there already (nothing is changed). A full device removes the download and rejects with a DownloadError saying so.
 */
export async function runDownload(
  id: string,
  work: (signal: AbortSignal, report: ReportProgress) => Promise<void>,
  create?: DownloadRecord,
): Promise<DownloadRecord | undefined> {
  if (navigator.locks?.request) {
    await navigator.locks.request(lockName(id), { ifAvailable: true }, async (lock) => {
      if (lock) await run(id, work, create);
      // Another tab runs it: this one watches the record instead (or, asked to create it,
      // finds it there).
      else if (create) throw new DownloadExists();
    });
  } else await run(id, work, create);
  return db.downloads.get(id);
}

/** Stops a download wherever it runs; what is stored stays, and 'Resume' carries on. */
export async function cancelRun(id: string): Promise<void> {
  controllers.get(id)?.abort();
  await db.downloads
    .where('id')
    .equals(id)
    .filter((record) => record.status === 'downloading' || record.status === 'queued')
    .modify({ status: 'paused', error: 'Cancelled.', updatedAt: Date.now() });
}
