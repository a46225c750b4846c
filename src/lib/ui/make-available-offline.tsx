import './offline.css';
import { useState } from 'react';
import { selectCanAccessContent, useAuthStore } from '../auth/auth-store';
import { DownloadError } from '../offline/download-error';
import type { DownloadPlan } from '../offline/download-plan';
import { useDownload } from './use-download';
import { useOnline } from './use-online';

// The download machinery loads on the first click: pages that only show the button stay small.
const loadDownloadManager = () => import('../offline/download-manager');

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * "Make available offline" for a lesson, unit, playlist or audio page: a progress bar with
 * files and bytes while it runs, Cancel, then the 'Available offline' badge and Remove.
 */
export function MakeAvailableOffline({ plan }: { plan: DownloadPlan }) {
  const canAccess = useAuthStore(selectCanAccessContent);
  const online = useOnline();
  const { id, record } = useDownload(plan.kind, plan.contentId);
  const [error, setError] = useState<string | null>(null);
  if (!canAccess || !id) return null;

  const start = async () => {
    setError(null);
    try {
      const { startDownload } = await loadDownloadManager();
      await startDownload(plan);
    } catch (reason) {
      setError(reason instanceof DownloadError ? reason.message : 'The download could not start.');
    }
  };
  const remove = () => void loadDownloadManager().then(({ removeDownload }) => removeDownload(id));
  const cancel = () => void loadDownloadManager().then(({ cancelDownload }) => cancelDownload(id));
  const status = record?.status;
  const files = record?.mediaUrls.length ?? 0;
  const outdated =
    status === 'complete' && plan.version !== undefined && record?.version !== plan.version;

  return (
    <section className="offline-panel" aria-label={`Offline use of ${plan.title}`}>
      {outdated ? (
        <div className="offline-panel__row">
          <span>It has changed since it was made available offline.</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={!online}
            onClick={() => void start()}
          >
            Update download<span className="visually-hidden"> of {plan.title}</span>
          </button>
          {!online && <span>Connect to the internet to update it.</span>}
        </div>
      ) : status === 'complete' ? (
        <p className="offline-panel__row">
          <span className="offline-badge">Available offline</span>
          <span className="offline-panel__size">{megabytes(record!.bytesTotal)}</span>
          <button type="button" className="link-button" onClick={remove}>
            Remove download<span className="visually-hidden"> of {plan.title}</span>
          </button>
        </p>
      ) : status === 'downloading' ? (
        <div className="offline-panel__progress">
          <label htmlFor={`${id}-progress`}>
            Downloading for offline use: {record!.filesDone ?? 0} of {files} files,{' '}
            {megabytes(record!.bytesDone)} of {megabytes(record!.bytesTotal)}
          </label>
          <progress id={`${id}-progress`} max={record!.bytesTotal || 1} value={record!.bytesDone} />
          <button type="button" className="button button--secondary" onClick={cancel}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="offline-panel__row">
          <button
            type="button"
            className="button button--secondary"
            disabled={!online}
            onClick={() => void start()}
          >
            {status === 'failed' || status === 'paused'
              ? 'Resume download'
              : 'Make available offline'}
          </button>
          {!online && <span>Connect to the internet to download.</span>}
          {(status === 'failed' || status === 'paused') && (
            <button type="button" className="link-button" onClick={remove}>
              Remove<span className="visually-hidden"> the partial download of {plan.title}</span>
            </button>
          )}
        </div>
      )}
      {(error ?? record?.error) && status !== 'complete' && (
        <p className="offline-panel__error" role="alert">
          {error ?? record?.error}
        </p>
      )}
    </section>
  );
}
