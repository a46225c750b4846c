import type { RefObject } from 'react';
import type { PlaylistItemRecord, PlaylistRecord } from '../../../lib/db/database';
import type { usePlaylistWrite } from '../../../lib/playlists/use-playlist-write';
import { replacePlaylistItems } from '../../../lib/sync/local-writes';
import { SyncStatusPanel } from '../../../shared/sync/sync-status-panel';
import { PlaylistActions } from './playlist-actions';
import { PlaylistDownload } from './playlist-download';

/**
 * The playlist page's sidebar: why the last change was not saved, the main actions (saving the
 * working list to this device's copy on 'Save Changes'), the download (outside edit mode) and the
 * playlist's sync status.
 */
export function PlaylistSidebar({
  playlist,
  items,
  editing,
  write,
  saveButton,
  editButton,
  onWorkingChange,
}: {
  playlist: PlaylistRecord;
  /** What the page shows: the working list in edit mode, else the playlist's own items. */
  items: PlaylistItemRecord[];
  editing: boolean;
  write: ReturnType<typeof usePlaylistWrite>;
  saveButton: RefObject<HTMLButtonElement | null>;
  editButton: RefObject<HTMLButtonElement | null>;
  /** Starts edit mode with a working list, or ends it (null). */
  onWorkingChange: (working: PlaylistItemRecord[] | null) => void;
}) {
  return (
    <aside className="sidebar" aria-label="Playlist actions">
      {write.problem && (
        <p className="field__error" role="alert">
          {write.problem}
        </p>
      )}
      <PlaylistActions
        playlistClientId={playlist.clientId}
        editing={editing}
        hasItems={items.length > 0}
        busy={write.busy}
        saveButton={saveButton}
        editButton={editButton}
        onSave={async () => {
          const saved = await write.run(() => replacePlaylistItems(playlist.clientId, items));
          if (saved.ok) onWorkingChange(null);
        }}
        onCancel={() => onWorkingChange(null)}
        onEdit={() => onWorkingChange(playlist.items)}
      />
      {!editing && items.length > 0 && <PlaylistDownload playlist={playlist} />}
      <SyncStatusPanel playlistClientId={playlist.clientId} />
    </aside>
  );
}
