import { syncNow } from '../../lib/sync/sync-engine';
import { pendingLabel, useSyncStatus } from '../../lib/sync/sync-status-store';
import { SyncNotices } from './sync-notices';
import { useOnline } from '../../lib/ui/use-online';
import { formatDistanceToNow } from 'date-fns';

/**
 * The playlist screens' detail of the sync state: what is waiting, the last error, Retry, and
 * the stored notices (of one playlist, on that playlist's page).
 */
export function SyncStatusPanel({ playlistClientId }: { playlistClientId?: string }) {
  const online = useOnline();
  const { pending: known, syncing, lastError, lastStatus, lastSyncedAt } = useSyncStatus();
  const pending = known ?? 0;
  return (
    // The sync's state now (src/lib/offline/snapshot-cover.ts).
    <section className="sync-status" aria-labelledby="sync-status-heading" data-snapshot-omit>
      <h2 id="sync-status-heading">Saving</h2>
      <p>
        {known === null
          ? `${pendingLabel(null)}…`
          : pending > 0
            ? `${pendingLabel(pending)}. ${online ? 'They are saved on this device.' : 'They are saved on this device and will be sent when you are back online.'}`
            : lastSyncedAt
              ? `All changes saved. Last synced ${formatDistanceToNow(lastSyncedAt, { addSuffix: true })}.`
              : 'All changes saved.'}
      </p>
      {pending > 0 && lastError && lastStatus !== 'synced' && (
        <p className="sync-status__error">Last attempt: {lastError}</p>
      )}
      {pending > 0 && online && (
        <button
          type="button"
          className="button button--secondary"
          disabled={syncing}
          onClick={() => void syncNow()}
        >
          {syncing ? 'Syncing…' : 'Retry now'}
        </button>
      )}
      <SyncNotices {...(playlistClientId ? { playlistClientId } : {})} />
    </section>
  );
}
