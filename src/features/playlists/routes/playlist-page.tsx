// The cards' own styles: a first load straight onto this page has no other route's CSS.
import '../../../lib/ui/content.css';
import '../playlists.css';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PlaylistItemRecord } from '../../../lib/db/database';
import { useAwaitingFirstPull, useOwnPlaylist } from '../../../lib/playlists/playlist-queries';
import { usePlaylistWrite } from '../../../lib/playlists/use-playlist-write';
import { LoadingView } from '../../../lib/ui/loading-view';
import { Spinner } from '../../../lib/ui/spinner';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { usePageSnapshot } from '../../../shared/offline/use-page-snapshot';
import { usePlaylistPageContent } from '../api/playlist-page-content';
import { EditPlaylistDetails } from '../components/edit-playlist-details';
import { loadEditor, PlaylistContents } from '../components/playlist-contents';
import { PlaylistHeading } from '../components/playlist-heading';
import { PlaylistNotHere } from '../components/playlist-not-here';
import { PlaylistSidebar } from '../components/playlist-sidebar';
import { SignInNeeded } from '../components/sign-in-needed';
import { usePlaylistEditFocus } from '../hooks/use-playlist-edit-focus';
import { useSignedInUserId } from '../hooks/use-signed-in-user-id';

/**
 * /playlists/{playlistId} (spec part 1, "Playlist detail"): view mode, and edit mode with a
 * working list that only reaches this device's copy (and then the CMS) on 'Save Changes'.
 */
export function PlaylistPage() {
  const { playlistId = '' } = useParams();
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
  const { heading, editButton, saveButton, editorArea, rescueFocus } =
    usePlaylistEditFocus(working);
  usePageSnapshot(
    userId && (current === undefined || (!current && awaitingFirstPull))
      ? 'loading'
      : current && working === null && !editingDetails
        ? 'content'
        : 'other',
  );

  if (!userId)
    return (
      <div className="narrow">
        <h1>Playlist</h1>
        <SignInNeeded name="Playlist" />
      </div>
    );
  if (current === undefined) return <Spinner />;
  if (!current && awaitingFirstPull) return <LoadingView label="Loading your playlists…" />;
  if (!current) return <PlaylistNotHere pulled={pulled} />;
  const editing = working !== null;
  const items = working ?? current.items;

  return (
    <div className="page-with-sidebar" ref={rescueFocus}>
      <div>
        <PlaylistHeading
          title={current.title}
          headingRef={heading}
          onEditDetails={() => setEditingDetails(true)}
        />
        <PlaylistContents
          items={items}
          editing={editing}
          editorArea={editorArea}
          onChange={setWorking}
        />
      </div>
      <PlaylistSidebar
        playlist={current}
        items={items}
        editing={editing}
        write={write}
        saveButton={saveButton}
        editButton={editButton}
        onWorkingChange={setWorking}
      />
      <EditPlaylistDetails
        open={editingDetails}
        playlist={current}
        audiences={content.data?.audiences ?? []}
        onClose={() => setEditingDetails(false)}
      />
    </div>
  );
}
