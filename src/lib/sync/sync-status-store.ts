import { create } from 'zustand';
import type { SyncStatus } from './replay';
import { countOf } from '../text/count';

/** What the sync indicator shows; the sync engine is its only writer. */
export interface SyncState {
  /**
   * Edits of the signed-in user still in the outbox; null until the outbox has been read (the
   * sync engine loads just after the first render), so nothing says "saved" before it knows.
   */
  pending: number | null;
  syncing: boolean;
  lastStatus: SyncStatus | null;
  lastError: string | null;
  lastSyncedAt: number | null;
}

export const useSyncStatus = create<SyncState>()(() => ({
  pending: null,
  syncing: false,
  lastStatus: null,
  lastError: null,
  lastSyncedAt: null,
}));

/**
 * Whether the last sync round ended without reaching or satisfying the CMS (offline, dead Wi-Fi,
 * a failure, a refusal, a 401): the indicator's "not sent", and the end of waiting for a first pull.
 */
export function lastRoundFailed(state: Pick<SyncState, 'lastStatus'>): boolean {
  return state.lastStatus !== null && state.lastStatus !== 'synced';
}

/** What the teacher is told while the CMS has asked the device to wait (a 429). */
export const THROTTLED_MESSAGE = 'Waiting to sync: the server asked us to slow down';

/** The indicator's words (spec-free: ARCHITECTURE.md rule 8 asks for honest status). */
export function pendingLabel(pending: number | null): string {
  if (pending === null) return 'Checking for changes waiting to sync';
  if (pending === 0) return 'All changes saved';
  return `${countOf(pending, 'change')} waiting to sync`;
}
