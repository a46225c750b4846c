import './offline.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { selectCanAccessContent, useAuthStore } from '../../lib/auth/auth-store';
import { DownloadError } from '../../lib/offline/download-error';
import { UPDATE_STOPPED } from '../../lib/offline/download-failure';
import type { DownloadPlan } from '../../lib/offline/download-plan';
import { isPlanStored } from '../../lib/offline/plan-coverage';
import { DownloadAnnouncer } from './download-announcer';
import { DownloadProgress } from './download-progress';
import { useDownload } from './use-download';
import { useLessonFileSave } from './use-lesson-file-save';
import { useFocusRescue } from '../../lib/ui/use-focus-rescue';
import { useOnline } from '../../lib/ui/use-online';

// The download machinery loads on the first click: pages that only show the button stay small.
const loadDownloadManager = () => import('../../lib/offline/download-manager');

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * "Make available offline" for a lesson, unit, playlist or audio page: a progress bar with
 * files and bytes while it runs, Cancel, then the 'Available offline' badge and Remove. It
 * reads the download record in IndexedDB, whoever writes it (this tab, another, a resumed run).
 */
export function MakeAvailableOffline({ plan }: { plan: DownloadPlan }) {
  const canAccess = useAuthStore(selectCanAccessContent);
  const userId = useAuthStore((state) => state.user?.id);
  const online = useOnline();
  const { id, record, loading } = useDownload(plan.kind, plan.contentId);
  const [error, setError] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);
  const [saveMessage, setSaveMessage] = useState('');
  const { saving, failure: saveFailure, save } = useLessonFileSave(setSaveMessage);
  const status = record?.status;
  // Each state replaces the button that started it: focus moves to the new state's control
  // (Cancel while it runs, Remove once done), or to the panel when it offers none.
  const rescueFocus = useFocusRescue<HTMLElement>(
    (panel) => panel.querySelector<HTMLElement>('button:not(:disabled)') ?? panel,
  );
  const unfinished = record !== null && status !== 'complete';
  // Stored through another download (a lesson of a downloaded unit): nothing to offer.
  const storedElsewhere = useLiveQuery(
    () =>
      userId === undefined || status === 'complete' || status === 'downloading'
        ? false
        : isPlanStored(plan, String(userId)),
    [plan, userId, status],
    false,
  );
  // A download a reload cut short needs this page's plan to carry on by itself.
  useEffect(() => {
    if (!unfinished) return;
    let withdraw: (() => void) | undefined;
    let gone = false;
    void loadDownloadManager().then(({ offerPlan }) => {
      if (!gone) withdraw = offerPlan(plan);
    });
    return () => {
      gone = true;
      withdraw?.();
    };
  }, [plan, unfinished]);
  if (!canAccess || !id) return null;
  // While the device's record is read (a moment after the page's content arrives), the panel's
  // place is already taken, by an invisible copy of its usual first state: its arrival then moves
  // nothing below it (Lighthouse saw the lesson overview shift 0.06 on a phone).
  if (loading) {
    return (
      <div
        className="offline-panel offline-panel--pending"
        aria-hidden="true"
        data-snapshot-omit
        data-testid="offline-panel-pending"
      >
        <div className="offline-panel__row">
          <span className="button button--secondary">Make available offline</span>
        </div>
      </div>
    );
  }

  const outdated =
    status === 'complete' && plan.version !== undefined && record?.version !== plan.version;
  const start = async () => {
    setError(null);
    try {
      const { startDownload } = await loadDownloadManager();
      await startDownload(plan);
    } catch (reason) {
      setError(reason instanceof DownloadError ? reason.message : 'The download could not start.');
    }
  };
  // The downloaded version stays usable until the new one is stored whole.
  const update = async () => {
    setError(null);
    setUpdating(true);
    try {
      const { updateToPlan } = await loadDownloadManager();
      const outcome = await updateToPlan(plan, String(userId));
      if (!outcome.updated) setError(outcome.message);
    } catch {
      setError(UPDATE_STOPPED);
    } finally {
      setUpdating(false);
    }
  };
  // A failed update leaves the download complete: its reason is this page's, not the record's.
  const shownError =
    error ?? saveFailure?.message ?? (status !== 'complete' ? record?.error : undefined);
  const remove = () => void loadDownloadManager().then(({ removeDownload }) => removeDownload(id));
  const cancel = () => void loadDownloadManager().then(({ cancelDownload }) => cancelDownload(id));

  return (
    <section
      className="offline-panel"
      // What it offers depends on the network and the download now (src/lib/offline/snapshot-cover.ts).
      data-snapshot-omit
      aria-label={`Offline use of ${plan.title}`}
      ref={rescueFocus}
      tabIndex={-1}
    >
      {outdated ? (
        <div className="offline-panel__row">
          <span>It has changed since it was made available offline.</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={!online || updating}
            onClick={() => void update()}
          >
            Update download<span className="visually-hidden"> of {plan.title}</span>
          </button>
          {updating && <span role="status">Updating it now…</span>}
          {!online && <span>Connect to the internet to update it.</span>}
        </div>
      ) : status === 'complete' ? (
        <p className="offline-panel__row">
          <span className="offline-badge">Available offline</span>
          <span className="offline-panel__size">{megabytes(record!.bytesTotal)}</span>
          <button type="button" className="link-button" onClick={remove}>
            Remove download<span className="visually-hidden"> of {plan.title}</span>
          </button>
          {/* One file a colleague opens on their device (docs/lesson-files.md); after Remove, which
              takes the focus when a download finishes. It stays in place while it saves
              (aria-disabled), so its focus stays too. */}
          <button
            type="button"
            className="link-button"
            aria-disabled={saving !== null}
            onClick={() => saving === null && void save(record!)}
          >
            {saving === null
              ? 'Save as a file'
              : `Saving as a file… ${Math.round(saving.fraction * 100)}%`}
            <span className="visually-hidden"> {plan.title}</span>
          </button>
        </p>
      ) : status === 'downloading' ? (
        <DownloadProgress record={record!} onCancel={cancel} />
      ) : storedElsewhere && !unfinished ? (
        <p className="offline-panel__row">
          <span className="offline-badge">Available offline</span>
          <span className="offline-panel__size">with the download that includes it</span>
        </p>
      ) : (
        <div className="offline-panel__row">
          <button
            type="button"
            className="button button--secondary"
            disabled={!online}
            onClick={() => void start()}
          >
            {unfinished ? 'Resume download' : 'Make available offline'}
          </button>
          {!online && <span>Connect to the internet to download.</span>}
          {unfinished && (
            <button type="button" className="link-button" onClick={remove}>
              Remove<span className="visually-hidden"> the partial download of {plan.title}</span>
            </button>
          )}
        </div>
      )}
      <DownloadAnnouncer record={record} title={plan.title} saving={saveMessage} />
      {/* Always in the DOM, so the error's arrival is announced at once (WCAG 4.1.3). */}
      <div role="alert">{shownError && <p className="offline-panel__error">{shownError}</p>}</div>
    </section>
  );
}
