import './sync.css';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  lastRoundFailed,
  pendingLabel,
  THROTTLED_MESSAGE,
  useSyncStatus,
  type SyncState,
} from '../../lib/sync/sync-status-store';
import { useOnline } from '../../lib/ui/use-online';
import { countOf } from '../../lib/text/count';

type IndicatorState =
  'offline' | 'checking' | 'syncing' | 'waiting' | 'failing' | 'pending' | 'saved';

/**
 * The indicator's state, true from the first frame. "Failing" includes a device that says it is
 * online while the content service cannot be reached (dead school Wi-Fi): the round ended
 * 'offline' although the browser is online.
 */
function indicatorState(
  online: boolean,
  pending: number | null,
  syncing: boolean,
  lastStatus: SyncState['lastStatus'],
): IndicatorState {
  if (!online) return 'offline';
  if (pending === null) return 'checking';
  // A round with nothing to send is only a pull: nothing of this device is waiting ("Saved").
  if (syncing && pending > 0) return 'syncing';
  // The CMS asked this device to slow down: nothing is wrong, the changes go when the wait ends.
  if (pending > 0 && lastStatus === 'throttled') return 'waiting';
  if (pending > 0 && lastRoundFailed({ lastStatus })) return 'failing';
  return pending > 0 ? 'pending' : 'saved';
}

const SHORT: Record<IndicatorState, (waiting: number) => string> = {
  offline: () => 'Offline',
  checking: () => 'Checking',
  syncing: () => 'Syncing',
  waiting: () => 'Waiting',
  failing: () => 'Not sent',
  pending: (waiting) => `${waiting} waiting`,
  saved: () => 'Saved',
};

/**
 * In the header of every page for a signed-in teacher: whether the device is online and whether
 * playlist edits are still waiting for the CMS (ARCHITECTURE.md, sync rule 9: honest status). The
 * header shows a short label to keep to one line; the full sentence is what assistive technology
 * reads. When edits are not getting through, the pill opens the details: why, and Retry, on any page.
 */
export function SyncIndicator() {
  const online = useOnline();
  const { pending, syncing, lastStatus, lastError } = useSyncStatus();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const state = indicatorState(online, pending, syncing, lastStatus);
  const waiting = pending ?? 0;
  const long = `${online ? 'Online' : 'Offline'}, ${
    state === 'syncing'
      ? `sending ${countOf(waiting, 'change')} to the content service`
      : waiting > 0 && !online
        ? `${pendingLabel(pending)} (saved on this device)`
        : state === 'waiting'
          ? `${pendingLabel(pending)}. ${THROTTLED_MESSAGE}`
          : state === 'failing'
            ? `${pendingLabel(pending)}: not sent yet`
            : pendingLabel(pending)
  }`;
  // A retry that cannot run (its code did not load) leaves the indicator saying "not sent yet".
  const retry = () =>
    void import('../../lib/sync/sync-engine')
      .then(({ syncNow }) => syncNow())
      .catch(() => undefined);
  const pill = (
    <>
      <span className="sync-indicator__dot" aria-hidden="true" />
      <span className="sync-indicator__short" aria-hidden="true">
        {SHORT[state](waiting)}
      </span>
    </>
  );
  if (state !== 'failing') {
    return (
      <p className={`sync-indicator sync-indicator--${state}`} role="status" data-snapshot-omit>
        {/* The sentence first: the status's text is what it says ("Offline, …"). */}
        <span className="sync-indicator__long">{long}</span>
        {pill}
      </p>
    );
  }
  // Not getting through: the pill itself opens the details (why, and Retry), so the header keeps
  // its width on a phone; the sentence stays a live status for assistive technology.
  return (
    <div className="sync-indicator-wrap" data-snapshot-omit>
      <p className="visually-hidden" role="status">
        {long}
      </p>
      <button
        type="button"
        className={`sync-indicator sync-indicator--${state} sync-indicator--button`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {pill}
        <span className="visually-hidden">Changes not sent: details</span>
      </button>
      {open && (
        <div id={panelId} className="sync-indicator__panel">
          <p>
            {pendingLabel(pending)}. They are saved on this device.{' '}
            {lastStatus === 'offline'
              ? 'The content service could not be reached, although this device is online: the network may be blocking it.'
              : `The last attempt failed: ${lastError ?? 'the content service did not accept it'}.`}
          </p>
          <div className="form-actions">
            <button type="button" className="button button--secondary" onClick={retry}>
              Retry now
            </button>
            <Link to="/playlists" onClick={() => setOpen(false)}>
              Your Playlists
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
