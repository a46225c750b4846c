import type { DownloadStatus } from '../db/database';
import { DownloadError } from './download-error';

/** Said when the device is full, whichever store (IndexedDB or Cache Storage) ran out. */
export const DEVICE_FULL =
  'This device ran out of storage space, so the download was stopped and removed.';
export const WAITING_FOR_CONNECTION =
  'The connection was lost. The download carries on by itself when the device is back online.';
export const STOPPED = 'The download stopped. Try again to resume it.';

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
