import { useNavigate } from 'react-router-dom';
import type { PlaylistRecord } from '../../../lib/db/database';
import { deletePlaylist, updatePlaylistDetails } from '../../../lib/sync/local-writes';
import type { PlaylistAudience } from '../api/playlist-page-content';
import { PlaylistDetailsModal } from './playlist-details-modal';

/**
 * The playlist page's details dialog: saves the name and audience to this device's copy, or
 * deletes the playlist and goes back to the list of playlists.
 */
export function EditPlaylistDetails({
  open,
  playlist,
  audiences,
  onClose,
}: {
  open: boolean;
  playlist: PlaylistRecord;
  audiences: PlaylistAudience[];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <PlaylistDetailsModal
      open={open}
      playlist={playlist}
      audiences={audiences}
      onClose={onClose}
      onSave={async (details) => {
        await updatePlaylistDetails(playlist.clientId, details);
      }}
      onDelete={async () => {
        await deletePlaylist(playlist.clientId);
        onClose();
        void navigate('/playlists');
      }}
    />
  );
}
