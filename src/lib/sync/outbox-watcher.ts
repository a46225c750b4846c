/** The signed-in teacher's outbox, observed: the indicator's count, and a sync soon after a write. */
import { liveQuery, type Subscription } from 'dexie';
import { db } from '../db/database';
import type { Session } from '../session/session-storage';
import { useSyncStatus } from './sync-status-store';

/** Edits made in quick succession go out together (coalescing, sync rule 3). */
const WRITE_DEBOUNCE_MS = 300;

/** Follows whoever is signed in; `onWrite` runs shortly after the outbox grows, once per burst. */
export function watchOutbox(onWrite: () => void) {
  let debounce: number | undefined;
  let watching: Subscription | null = null;
  let watchedUser: string | null = null;

  const follow = ({ user, token }: Session) => {
    const userId = user && token ? String(user.id) : null;
    if (watching && userId === watchedUser) return;
    watching?.unsubscribe();
    watchedUser = userId;
    useSyncStatus.setState({ pending: userId ? null : 0 });
    if (!userId) return;
    let last: number | null = null;
    watching = liveQuery(() => db.outbox.where('userId').equals(userId).count()).subscribe({
      next: (pending) => {
        useSyncStatus.setState({ pending });
        // More than before: a write (here or in another tab) to send soon, coalesced.
        if (last !== null && pending > last) {
          window.clearTimeout(debounce);
          debounce = window.setTimeout(onWrite, WRITE_DEBOUNCE_MS);
        }
        last = pending;
      },
      error: (error: unknown) => console.warn('Sync: the outbox could not be observed', error),
    });
  };

  const stop = () => {
    window.clearTimeout(debounce);
    watching?.unsubscribe();
  };
  return { follow, stop };
}
