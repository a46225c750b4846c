import '../offline.css';
import { format } from 'date-fns';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { db, type DownloadRecord } from '../../../lib/db/database';
import { removeAllDownloads, removeDownload } from '../../../lib/offline/download-manager';
import { checkForNewerVersion, updateDownload } from '../../../lib/offline/download-freshness';
import { mediaStillMissing } from '../../../lib/offline/media-store';
import { newerVersions, subscribeToNewerVersions } from '../../../lib/offline/newer-versions';
import { Spinner } from '../../../lib/ui/spinner';
import { useOnline } from '../../../lib/ui/use-online';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useFocusRescue } from '../../../lib/ui/use-focus-rescue';
import { readStorageFigures, StorageSpace } from '../components/storage-space';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

type Freshness =
  'checking' | 'current' | 'newer' | 'unknown' | 'failed' | 'updating' | 'update-failed';

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

/** While the page is checking or updating a row it says so. */
const IN_HAND = new Set<Freshness | undefined>(['checking', 'updating', 'update-failed']);

/**
 * A row's freshness: "newer" comes from the shared mark (lib/offline/newer-versions), whoever
 * found it (this page's check, a lesson page, a downloaded answer read online), so this page and
 * the lesson page never disagree; a mark taken away by an update elsewhere reads 'Up to date'.
 */
function shownFreshness(checked: Freshness | undefined, newer: boolean): Freshness | undefined {
  if (IN_HAND.has(checked)) return checked;
  if (newer) return 'newer';
  return checked === 'newer' ? 'current' : checked;
}

/**
 * The teacher's downloads as IndexedDB holds them, each checked against what is really stored
 * (an evicted answer or file means 'Needs downloading again'), with the browser's figures. Read
 * through a live query: it runs again whenever a download changes, in any tab.
 */
async function readStorage(userId: string) {
  const records = await db.downloads.where('userId').equals(userId).toArray();
  const answers = await db.documents.bulkGet(records.flatMap((record) => record.documentKeys));
  const storedKeys = new Set(answers.flatMap((answer) => (answer ? [answer.key] : [])));
  // Cache Storage and the storage manager are not Dexie: wrapped so the live query keeps its zone.
  const checked = await Promise.resolve(
    Promise.all(
      records.map(async (record: DownloadRecord) => {
        const complete =
          record.documentKeys.every((key) => storedKeys.has(key)) &&
          (await mediaStillMissing(record.mediaUrls)).length === 0;
        return { record, check: complete ? ('complete' as const) : ('missing' as const) };
      }),
    ),
  );
  const figures = await Promise.resolve(readStorageFigures());
  return { checked, figures };
}

/** One sentence for what 'Check for updates' found, counted by result. */
function checkSummary(found: Freshness[]): string {
  if (found.length === 0) return 'Nothing to check: no download is complete yet.';
  const count = (result: Freshness) => found.filter((one) => one === result).length;
  const parts = [
    [count('current'), 'up to date'],
    [count('newer'), 'with a newer version in the CMS'],
    [count('unknown'), 'that could not be compared (update them to be sure)'],
    [count('failed'), 'that could not be checked'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return `Checked ${found.length} ${found.length === 1 ? 'download' : 'downloads'}: ${said.join(', ')}.`;
}

/**
 * What this device keeps for offline use (the storage page): every download with its
 * size, date and whether it is really all still stored; space used against what the browser
 * allows; and whether the browser promised not to evict it (persistent storage).
 */
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

export function StoragePage() {
  useDocumentTitle('Offline storage');
  const user = useAuthStore((state) => state.user);
  const online = useOnline();
  // Asked for, not on every visit: checking means fetching every stored answer again.
  const [freshness, setFreshness] = useState<Record<string, Freshness>>({});
  const setOne = (id: string, value: Freshness) => setFreshness((all) => ({ ...all, [id]: value }));
  const storage = useLiveQuery(() => (user ? readStorage(String(user.id)) : null), [user?.id]);
  const newer = useSyncExternalStore(subscribeToNewerVersions, newerVersions);
  // After Remove, focus goes to the Remove button of the row that took the removed one's place
  // (or the last row), and to the section's heading once nothing is left.
  const removedRow = useRef(0);
  const rescueFocus = useFocusRescue<HTMLElement>((section) => {
    const buttons = section.querySelectorAll<HTMLElement>(
      'tbody tr td:last-child button:last-of-type',
    );
    return (
      buttons[Math.min(removedRow.current, buttons.length - 1)] ??
      section.querySelector<HTMLElement>('h2')
    );
  });
  // What 'Check for updates', 'Update' and the removals found, for screen readers (WCAG 4.1.3).
  const [announcement, setAnnouncement] = useState('');

  if (!user) return <p>Log in to see what this device keeps for offline use.</p>;
  if (!storage) return <Spinner />;
  const { checked, figures } = storage;
  const total = checked.reduce((sum, { record }) => sum + record.bytesTotal, 0);

  async function checkAll() {
    setAnnouncement('Checking your downloads for updates…');
    const found: Freshness[] = [];
    for (const { record } of checked) {
      if (record.status !== 'complete') continue;
      setOne(record.id, 'checking');
      const result = await checkForNewerVersion(record).catch((): Freshness => 'failed');
      found.push(result);
      setOne(record.id, result);
    }
    setAnnouncement(checkSummary(found));
  }

  return (
    <div className="storage-page">
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <h1>Offline storage</h1>
      <p>
        Lessons, units, playlists and audio you make available offline are kept on this device, so
        they work in a classroom without a connection.
      </p>
      <StorageSpace downloadsBytes={total} figures={figures} />
      <section aria-labelledby="storage-downloads" ref={rescueFocus}>
        <h2 id="storage-downloads" tabIndex={-1}>
          Downloads
        </h2>
        {checked.length === 0 ? (
          <p>
            Nothing is downloaded yet. Use &lsquo;Make available offline&rsquo; on a lesson, unit,
            playlist or audio page.
          </p>
        ) : (
          <>
            <table className="storage-table">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Size</th>
                  <th scope="col">Downloaded</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {checked.map(({ record, check }, row) => {
                  const fresh = shownFreshness(freshness[record.id], newer.has(record.id));
                  return (
                    <tr key={record.id}>
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
                        {fresh && (
                          <span className="storage-table__freshness">{FRESHNESS_TEXT[fresh]}</span>
                        )}
                      </td>
                      <td>
                        {UPDATABLE.has(fresh) && (
                          <button
                            type="button"
                            className="link-button"
                            disabled={!online}
                            onClick={async () => {
                              setOne(record.id, 'updating');
                              const outcome = await updateDownload(record);
                              setOne(record.id, outcome.updated ? 'current' : 'update-failed');
                              setAnnouncement(
                                outcome.updated
                                  ? `${record.title} is updated.`
                                  : `${record.title}: ${outcome.message}`,
                              );
                            }}
                          >
                            Update<span className="visually-hidden"> {record.title}</span>
                          </button>
                        )}{' '}
                        <button
                          type="button"
                          className="link-button"
                          onClick={async () => {
                            removedRow.current = row;
                            await removeDownload(record.id);
                            setAnnouncement(`${record.title} was removed from this device.`);
                          }}
                        >
                          Remove<span className="visually-hidden"> {record.title}</span>
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <button
              type="button"
              className="button button--secondary"
              disabled={!online}
              onClick={() => void checkAll()}
            >
              Check for updates
            </button>{' '}
            {!online && <span>Connect to the internet to check for updates.</span>}{' '}
            <button
              type="button"
              className="button button--secondary"
              onClick={async () => {
                if (!window.confirm('Remove every download from this device?')) return;
                removedRow.current = 0;
                await removeAllDownloads(String(user.id));
                setAnnouncement('Every download was removed from this device.');
              }}
            >
              Remove all
            </button>
          </>
        )}
      </section>
    </div>
  );
}
