/** One download in the storage page's table: what it is, its size, date, state and actions. */
import { format } from 'date-fns';
import { Link } from 'react-router-dom';
import type { DownloadRecord } from '../../../lib/db/database';
import type { Freshness } from '../hooks/use-download-freshness';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

const FRESHNESS_TEXT: Record<Freshness, string> = {
  checking: 'Checking…',
  current: 'Up to date',
  newer: 'A newer version is in the CMS',
  unknown: 'Cannot tell: update it to be sure',
  failed: 'Could not check',
  updating: 'Updating…',
  'update-failed': 'The update could not finish; the downloaded version is unchanged',
};

/** What offers 'Update': a newer answer, one it cannot tell about, or an update that stopped. */
const UPDATABLE = new Set<Freshness | undefined>(['newer', 'unknown', 'update-failed']);

/**
 * What an unfinished download is doing. A waiting one resumes by itself (download-resume.ts), so
 * it is never told as something the teacher has to open; a stopped one needs them to try again.
 */
function unfinishedState(record: DownloadRecord): string {
  if (record.status === 'downloading') return 'Downloading…';
  if (record.status === 'queued') {
    const reason = record.error ?? 'It carries on by itself while the device is online.';
    return `Waiting: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
  }
  return 'Stopped. Open it to try again.';
}

export function DownloadRow({
  record,
  check,
  fresh,
  online,
  saving,
  saveFailure,
  onUpdate,
  onRemove,
  onSave,
}: {
  record: DownloadRecord;
  check: 'complete' | 'missing';
  fresh: Freshness | undefined;
  online: boolean;
  /** How far 'Save as a file' is (0–1), while it saves this download. */
  saving: number | null;
  saveFailure: string | null;
  onUpdate: () => void;
  onRemove: () => void;
  onSave: () => void;
}) {
  const savable = record.status === 'complete' && check === 'complete';
  return (
    <tr>
      <td>
        <Link to={record.path}>{record.title}</Link>{' '}
        <span className="storage-table__kind">({record.kind})</span>
      </td>
      <td>{megabytes(record.bytesTotal)}</td>
      <td>{format(record.updatedAt, 'd MMM yyyy, HH:mm')}</td>
      <td>
        {record.status !== 'complete'
          ? unfinishedState(record)
          : check === 'complete'
            ? 'Available offline'
            : 'Needs downloading again'}
        {record.source === 'file' && <span className="storage-table__freshness">From a file</span>}
        {fresh && <span className="storage-table__freshness">{FRESHNESS_TEXT[fresh]}</span>}
        {saveFailure && <span className="storage-table__problem">{saveFailure}</span>}
      </td>
      <td>
        {savable && (
          // Stays in place while it saves (aria-disabled, not disabled), so its focus stays too.
          <button
            type="button"
            className="link-button"
            aria-disabled={saving !== null}
            onClick={() => saving === null && onSave()}
          >
            {saving === null ? 'Save as a file' : `Saving as a file… ${Math.round(saving * 100)}%`}
            <span className="visually-hidden"> {record.title}</span>
          </button>
        )}{' '}
        {UPDATABLE.has(fresh) && (
          <button type="button" className="link-button" disabled={!online} onClick={onUpdate}>
            Update<span className="visually-hidden"> {record.title}</span>
          </button>
        )}{' '}
        <button type="button" className="link-button" onClick={onRemove}>
          Remove<span className="visually-hidden"> {record.title}</span>
        </button>
      </td>
    </tr>
  );
}
