import type { DownloadStatus } from '../db/database';
import { DownloadError } from './download-error';

/** Said when the device is full, whichever store (IndexedDB or Cache Storage) ran out. */
export const DEVICE_FULL =
  'This device ran out of storage space, so the download was stopped and removed.';
export const WAITING_FOR_CONNECTION =
  'The connection was lost. The download carries on by itself when the device is back online.';
export const STOPPED = 'The download stopped. Try again to resume it.';

export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Every failed update says this: the teacher's lesson still works offline as it did. */
export const UNCHANGED = 'Your downloaded version is unchanged.';

/** When an update ended in a way nothing describes better. */
export const UPDATE_STOPPED = `The update could not finish. ${UNCHANGED} Try again.`;

/** What an update ended with, for the teacher (a failure is never told as a status or address). */
export type UpdateOutcome =
  { updated: true } | { updated: false; message: string; deviceFull?: boolean };

/**
 * The one place that turns what stopped an update into what the teacher is told. `needed` is
 * what the update stores (from the sizes the CMS gives), for a full device.
 */
export function describeUpdateFailure(
  error: unknown,
  cancelled: boolean,
  needed: number,
): UpdateOutcome {
  if (cancelled) return { updated: false, message: `The update was cancelled. ${UNCHANGED}` };
  if (isQuotaError(error))
    return {
      updated: false,
      deviceFull: true,
      message: `This device is full: the update needs about ${formatMegabytes(needed)} of space. ${UNCHANGED} Free space on the storage page and try again.`,
    };
  const retry = navigator.onLine
    ? 'Try again in a moment.'
    : 'Try again when the connection is back.';
  return { updated: false, message: `The update could not finish. ${UNCHANGED} ${retry}` };
}

/**
 * A full disk, however it reached us: the browser's QuotaExceededError (legacy code 22) from
 * Cache Storage, or from IndexedDB wrapped by Dexie (Dexie.QuotaExceededError, or an AbortError
 * of the transaction whose `inner` is the browser's error; bulk writes list `failures`).
 */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { name, code, inner, cause, failures } = error as {
    name?: unknown;
    code?: unknown;
    inner?: unknown;
    cause?: unknown;
    failures?: unknown;
  };
  if (name === 'QuotaExceededError' || (error instanceof DOMException && code === 22)) return true;
  const nested = [inner, cause, ...(Array.isArray(failures) ? failures : [])];
  return nested.some((candidate) => isQuotaError(candidate, depth + 1));
}

export type DownloadFailure =
  | { kind: 'cancelled' }
  | { kind: 'device-full' }
  | { kind: 'stopped'; status: Extract<DownloadStatus, 'queued' | 'failed'>; message: string };

/** The one place that turns what went wrong in a download into what the teacher is told. */
export function describeFailure(error: unknown, cancelled: boolean): DownloadFailure {
  if (cancelled) return { kind: 'cancelled' };
  if (isQuotaError(error)) return { kind: 'device-full' };
  if (error instanceof DownloadError)
    return { kind: 'stopped', status: 'failed', message: error.message };
  // Offline, the `online` event resumes it; online, the failure may be anything, so the teacher
  // decides when to try again.
  if (!navigator.onLine)
    return { kind: 'stopped', status: 'queued', message: WAITING_FOR_CONNECTION };
  return { kind: 'stopped', status: 'failed', message: STOPPED };
}
