import '../offline.css';
import { useState } from 'react';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { Spinner } from '../../../lib/ui/spinner';
import { useOnline } from '../../../lib/ui/use-online';
import { StateHeading } from '../../../lib/ui/state-heading';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { DownloadsTable } from '../components/downloads-table';
import { StorageSpace } from '../components/storage-space';
import { useDownloadFreshness } from '../hooks/use-download-freshness';
import { useDownloadRemoval } from '../hooks/use-download-removal';
import { useStoredDownloads } from '../hooks/use-stored-downloads';
import { useLessonFileSave } from '../../../shared/offline/use-lesson-file-save';
import { OpenLessonFile } from '../components/open-lesson-file';

/**
 * What this device keeps for offline use (the storage page): every download with its
 * size, date and whether it is really all still stored; space used against what the browser
 * allows; and whether the browser promised not to evict it (persistent storage).
 */
export function StoragePage() {
  useDocumentTitle('Offline storage');
  const user = useAuthStore((state) => state.user);
  const online = useOnline();
  const storage = useStoredDownloads(user?.id);
  // What 'Check for updates', 'Update' and the removals found, for screen readers (WCAG 4.1.3).
  const [announcement, setAnnouncement] = useState('');
  const { freshnessOf, checkAll, update } = useDownloadFreshness(setAnnouncement);
  const { rescueFocus, remove, removeAll } = useDownloadRemoval(setAnnouncement);
  const { saving, failure: saveFailure, save } = useLessonFileSave(setAnnouncement);

  if (!user)
    return (
      <div className="storage-page">
        <StateHeading title="Offline storage (log in needed)">Offline storage</StateHeading>
        <p>Log in to see what this device keeps for offline use, or to open a lesson file.</p>
      </div>
    );
  if (!storage) return <Spinner />;
  const { checked, figures } = storage;
  const total = checked.reduce((sum, { record }) => sum + record.bytesTotal, 0);

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
            <DownloadsTable
              downloads={checked}
              freshnessOf={freshnessOf}
              online={online}
              onUpdate={update}
              onRemove={remove}
              saving={saving}
              saveFailure={saveFailure}
              onSave={save}
            />
            <button
              type="button"
              className="button button--secondary"
              disabled={!online}
              onClick={() => void checkAll(checked.map(({ record }) => record))}
            >
              Check for updates
            </button>{' '}
            {!online && <span>Connect to the internet to check for updates.</span>}{' '}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void removeAll(String(user.id))}
            >
              Remove all
            </button>
          </>
        )}
      </section>
      <OpenLessonFile announce={setAnnouncement} />
    </div>
  );
}
