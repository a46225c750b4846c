// The cards' own styles: a first load straight onto this page has no other route's CSS.
import '../../../lib/ui/content.css';
import '../playlists.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { PlaylistItemRecord } from '../../../lib/db/database';
import { useAwaitingFirstPull, useOwnPlaylist } from '../../../lib/playlists/playlist-queries';
import { usePlaylistWrite } from '../../../lib/playlists/use-playlist-write';
import {
  deletePlaylist,
  replacePlaylistItems,
  updatePlaylistDetails,
} from '../../../lib/sync/local-writes';
import { LoadingView } from '../../../lib/ui/loading-view';
import { Spinner } from '../../../lib/ui/spinner';
import { SyncStatusPanel } from '../../../lib/ui/sync-status-panel';
import { useFocusRescue } from '../../../lib/ui/use-focus-rescue';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { usePlaylistPageContent } from '../api/playlist-page-content';
import { LibraryLinks } from '../components/library-links';
import { PlaylistDetailsModal } from '../components/playlist-details-modal';
import { PlaylistDownload } from '../components/playlist-download';
import { PlaylistItemCard } from '../components/playlist-item-card';
import { SignInNeeded } from '../components/sign-in-needed';
import { useSignedInUserId } from '../hooks/use-signed-in-user-id';

// Drag and drop (dnd-kit) is not part of the page's first load: it loads once the page is up, so
// it is there by the time a teacher edits the contents.
const loadEditor = () => import('../components/playlist-editor');
const PlaylistEditor = lazy(() =>
  loadEditor().then((module) => ({ default: module.PlaylistEditor })),
);

/**
 * /playlists/{playlistId} (spec part 1, "Playlist detail"): view mode, and edit mode with a
 * working list that only reaches this device's copy (and then the CMS) on 'Save Changes'.
 */
export function PlaylistPage() {
  const { playlistId = '' } = useParams();
  const navigate = useNavigate();
  const userId = useSignedInUserId();
  const { playlist: current, pulled } = useOwnPlaylist(playlistId);
  const awaitingFirstPull = useAwaitingFirstPull(pulled);
  const content = usePlaylistPageContent();
  const [working, setWorking] = useState<PlaylistItemRecord[] | null>(null);
  const [editingDetails, setEditingDetails] = useState(false);
  const write = usePlaylistWrite();
  const title = current?.title ?? null;
  useDocumentTitle(title);
  useEffect(() => void loadEditor(), []);
  const heading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const editorArea = useRef<HTMLDivElement>(null);
  // Entering edit mode focuses the first item of the editor (once it has loaded); leaving it,
  // 'Edit playlist contents' again, or the heading when nothing is left to edit.
  const rescueFocus = useFocusRescue<HTMLDivElement>(() =>
    working !== null
      ? (editorArea.current?.querySelector('button') ??
        (working.length === 0 ? saveButton.current : null))
      : (editButton.current ?? heading.current),
  );

  if (!userId) return <SignInNeeded />;
  if (current === undefined) return <Spinner />;
  if (!current && awaitingFirstPull) return <LoadingView label="Loading your playlists…" />;
  if (!current) {
    // Until this device has had the teacher's list once (offline, or the CMS failed), a missing
    // playlist is late, not gone.
    const [title, message] = pulled
      ? ['Playlist not found', 'This playlist is not on this device. It may have been deleted.']
      : [
          'This playlist is not on this device yet',
          'Playlists you made on other devices appear here once this device has reached the content service.',
        ];
    return (
      <div className="narrow">
        <h1>{title}</h1>
        <p>{message}</p>
        <Link to="/playlists">Back to Your Playlists</Link>
      </div>
    );
  }
  const editing = working !== null;
  const items = working ?? current.items;

  return (
    <div className="page-with-sidebar" ref={rescueFocus}>
      <div>
        <div className="playlist-heading">
          <h1 ref={heading} tabIndex={-1}>
            {current.title}
          </h1>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setEditingDetails(true)}
          >
            Edit playlist details
          </button>
        </div>
        {items.length === 0 ? (
          <section className="notice playlist-empty" aria-labelledby="playlist-empty-heading">
            <h2 id="playlist-empty-heading">There&apos;s nothing in this playlist yet</h2>
            <p>
              Click the &apos;Add to playlist&apos; button on an activity or audio file to add it to
              this playlist.
            </p>
            <LibraryLinks />
          </section>
        ) : editing ? (
          <div ref={editorArea}>
            <Suspense fallback={<Spinner />}>
              <PlaylistEditor items={items} onChange={setWorking} />
            </Suspense>
          </div>
        ) : (
          <ol className="playlist-items" aria-label="Playlist items">
            {items.map((item) => (
              <li key={item.key}>
                <PlaylistItemCard item={item} />
              </li>
            ))}
          </ol>
        )}
      </div>
      <aside className="sidebar" aria-label="Playlist actions">
        {write.problem && (
          <p className="field__error" role="alert">
            {write.problem}
          </p>
        )}
        {editing ? (
          <div className="form-actions" key="editing">
            <button
              type="button"
              className="button"
              ref={saveButton}
              disabled={write.busy}
              onClick={async () => {
                const saved = await write.run(() => replacePlaylistItems(current.clientId, items));
                if (saved.ok) setWorking(null);
              }}
            >
              Save Changes
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setWorking(null)}
            >
              Cancel
            </button>
          </div>
        ) : (
          // Keyed apart from edit mode's actions, so 'Edit playlist contents' is not reused as 'Cancel'.
          <div className="form-actions" key="viewing">
            {items.length > 0 && (
              <Link className="button" to={`/playlists/${current.clientId}/slides`}>
                Start Lesson
              </Link>
            )}
            {items.length > 0 && (
              <button
                type="button"
                className="button button--secondary"
                ref={editButton}
                onClick={() => setWorking(current.items)}
              >
                Edit playlist contents
              </button>
            )}
          </div>
        )}
        {!editing && items.length > 0 && <PlaylistDownload playlist={current} />}
        <SyncStatusPanel playlistClientId={current.clientId} />
      </aside>
      <PlaylistDetailsModal
        open={editingDetails}
        playlist={current}
        audiences={content.data?.audiences ?? []}
        onClose={() => setEditingDetails(false)}
        onSave={async (details) => {
          await updatePlaylistDetails(current.clientId, details);
        }}
        onDelete={async () => {
          await deletePlaylist(current.clientId);
          setEditingDetails(false);
          void navigate('/playlists');
        }}
      />
    </div>
  );
}
