import type { DownloadRecord } from '../../lib/db/database';

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * A running download: files and bytes as they arrive. Before its files are listed it says so
 * (an indeterminate bar), never '0 of 0 files'.
 */
export function DownloadProgress({
  record,
  onCancel,
}: {
  record: DownloadRecord;
  onCancel: () => void;
}) {
  const listed = record.filesListed ?? record.mediaUrls.length > 0;
  const files = record.mediaUrls.length;
  const barId = `${record.id}-progress`;
  return (
    <div className="offline-panel__progress">
      <label htmlFor={barId}>
        {listed
          ? `Downloading for offline use: ${record.filesDone ?? 0} of ${files} files, ${megabytes(record.bytesDone)} of ${megabytes(Math.max(record.bytesTotal, record.bytesDone))}`
          : 'Downloading for offline use: finding its files…'}
      </label>
      {listed ? (
        <progress
          id={barId}
          max={Math.max(record.bytesTotal, record.bytesDone, 1)}
          value={record.bytesDone}
        />
      ) : (
        <progress id={barId} />
      )}
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
