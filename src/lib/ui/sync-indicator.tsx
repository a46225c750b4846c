import './sync.css';
import { pendingLabel, useSyncStatus } from '../sync/sync-status-store';
import { useOnline } from './use-online';

/**
 * The header shows a short label ('Offline', '3 waiting', 'Saved') to keep to one line; the
 * full sentence is what assistive technology reads. Always in the header for a signed-in teacher: whether the device is online and whether
 * playlist edits are still waiting for the CMS (ARCHITECTURE.md, sync rule 8: honest status).
 */
export function SyncIndicator() {
  const online = useOnline();
  const pending = useSyncStatus((state) => state.pending);
  const failing = useSyncStatus(
    (state) =>
      state.lastStatus === 'failed' ||
      state.lastStatus === 'unauthorized' ||
      state.lastStatus === 'refused',
  );
  const waiting = pending ?? 0;
  const state = !online
    ? 'offline'
    : pending === null
      ? 'checking'
      : failing && waiting > 0
        ? 'failing'
        : waiting > 0
          ? 'pending'
          : 'saved';
  const short = !online
    ? 'Offline'
    : pending === null
      ? 'Checking'
      : waiting > 0
        ? `${waiting} waiting`
        : 'Saved';
  const long = `${online ? 'Online' : 'Offline'}, ${
    waiting > 0 && !online
      ? `${pendingLabel(pending)} (saved on this device)`
      : pendingLabel(pending)
  }`;
  return (
    <p className={`sync-indicator sync-indicator--${state}`} role="status">
      <span className="sync-indicator__dot" aria-hidden="true" />
      <span className="sync-indicator__long">{long}</span>
      <span className="sync-indicator__short" aria-hidden="true">
        {short}
      </span>
    </p>
  );
}
