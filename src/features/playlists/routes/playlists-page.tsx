// The cards' own styles: a first load straight onto this page has no other route's CSS.
import '../../../lib/ui/content.css';
import '../playlists.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { createPlaylist } from '../../../lib/sync/local-writes';
import { useAwaitingFirstPull, useOwnPlaylists } from '../../../lib/playlists/playlist-queries';
import { RichText } from '../../../lib/ui/rich-text';
import { Spinner } from '../../../lib/ui/spinner';
import { SyncStatusPanel } from '../../../shared/sync/sync-status-panel';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { usePlaylistPageContent } from '../api/playlist-page-content';
import { LibraryLinks } from '../components/library-links';
import { PlaylistDetailsModal } from '../components/playlist-details-modal';
import { SignInNeeded } from '../components/sign-in-needed';
import { useSignedInUserId } from '../hooks/use-signed-in-user-id';
import { countOf } from '../../../lib/text/count';

/** /playlists (spec part 1, "Playlists"): the signed-in teacher's playlists on this device. */
export function PlaylistsPage() {
  const userId = useSignedInUserId();
  const content = usePlaylistPageContent();
  const { playlists, pulled } = useOwnPlaylists(userId);
  const awaitingFirstPull = useAwaitingFirstPull(pulled);
  const [creating, setCreating] = useState(false);
  const heading = content.data?.playlistPage?.title || 'Your Playlists';
  useDocumentTitle(heading);

  if (!userId) {
    return (
      <div className="narrow">
        <h1>{heading}</h1>
        <SignInNeeded />
      </div>
    );
  }
  const list = playlists ?? [];
  const audiences = content.data?.audiences ?? [];
  const audienceTitle = (id: string | null) =>
    audiences.find((audience) => audience.documentId === id)?.title;

  return (
    <div className="page-with-sidebar">
      <div>
        <h1>{heading}</h1>
        {playlists === undefined ? (
          <Spinner />
        ) : list.length === 0 && !pulled ? (
          // Not "no playlists" before the CMS has answered once: the answer may just be late.
          awaitingFirstPull ? (
            <Spinner label="Loading your playlists…" />
          ) : (
            <section aria-labelledby="no-playlists">
              <h2 id="no-playlists">Create your own playlists of audio and activities</h2>
              <p>
                Playlists you made on other devices appear here once this device has reached the
                content service.
              </p>
              <button type="button" className="button" onClick={() => setCreating(true)}>
                Create a new playlist
              </button>
            </section>
          )
        ) : list.length === 0 ? (
          <section aria-labelledby="no-playlists">
            <h2 id="no-playlists">Create your own playlists of audio and activities</h2>
            <RichText html={content.data?.playlistPage?.introduction} />
            <button type="button" className="button" onClick={() => setCreating(true)}>
              Create your first playlist
            </button>
          </section>
        ) : (
          <>
            <ul className="card-grid">
              {list.map((playlist) => (
                <li key={playlist.clientId}>
                  <article className="card playlist-card">
                    <h2 className="playlist-card__title">{playlist.title}</h2>
                    <p className="playlist-card__meta">
                      {countOf(playlist.items.length, 'item')}
                      {audienceTitle(playlist.audienceId) &&
                        ` · ${audienceTitle(playlist.audienceId)}`}
                    </p>
                    <Link
                      className="button button--secondary"
                      to={`/playlists/${playlist.clientId}`}
                    >
                      View Playlist<span className="visually-hidden">: {playlist.title}</span>
                    </Link>
                  </article>
                </li>
              ))}
            </ul>
            <button type="button" className="button" onClick={() => setCreating(true)}>
              Create a new playlist
            </button>
          </>
        )}
      </div>
      <aside className="sidebar" aria-label="Find activities and audio">
        <h2>Add to your playlists</h2>
        <LibraryLinks />
        <SyncStatusPanel />
      </aside>
      <PlaylistDetailsModal
        open={creating}
        playlist={null}
        audiences={audiences}
        onClose={() => setCreating(false)}
        onSave={async (details) => {
          await createPlaylist(userId, details);
        }}
      />
    </div>
  );
}
