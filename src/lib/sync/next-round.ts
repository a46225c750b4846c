/** What a finished round means for the indicator and for when the next round runs. */
import { backoffDelay, throttledDelay } from './backoff';
import type { SyncOutcome } from './replay';
import { useSyncStatus } from './sync-status-store';

/** Even with nothing pending, look for changes made on other devices now and then. */
const IDLE_PULL_MS = 5 * 60_000;

/** Notices are stored on the device by the round itself (sync-notices.ts); this is the status. */
export function recordOutcome({ status, error }: SyncOutcome) {
  useSyncStatus.setState((state) => ({
    lastStatus: status,
    lastError: error ?? null,
    lastSyncedAt: status === 'synced' ? Date.now() : state.lastSyncedAt,
  }));
}

/**
 * The failures counted after `outcome`, and the delay before the next round (null: none is
 * scheduled). `throttled`: the CMS named the wait, and no request goes out before it ends.
 */
export function nextRound(
  outcome: SyncOutcome,
  failures: number,
): { failures: number; delay: number | null; throttled: boolean } {
  const { status } = outcome;
  if (status === 'synced') {
    const pending = useSyncStatus.getState().pending ?? 0;
    return { failures: 0, delay: pending > 0 ? 0 : IDLE_PULL_MS, throttled: false };
  }
  if (status === 'throttled') {
    // The outbox stays as it is; the next round waits for the time the CMS asked for.
    const delay = throttledDelay(outcome.retryAfterMs, failures + 1);
    return { failures: failures + 1, delay, throttled: true };
  }
  if (status === 'unauthorized' || status === 'refused') {
    // A 401 keeps the outbox until the same user signs in again (sync rule 5), and a refused
    // change waits for the teacher to change it: no retry loop for either.
    return { failures, delay: null, throttled: false };
  }
  return { failures: failures + 1, delay: backoffDelay(failures + 1), throttled: false };
}
