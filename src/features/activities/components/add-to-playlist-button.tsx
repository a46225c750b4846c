import { useAccessStore } from '../../../lib/auth/access-store';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import {
  useAddToPlaylist,
  type AddToPlaylistRequest,
} from '../../../lib/playlists/add-to-playlist-store';

/** 'Add to playlist': the dialog for a signed-in teacher, the login panel for a visitor. */
export function AddToPlaylistButton({ request }: { request: AddToPlaylistRequest }) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const openLoginPanel = useAccessStore((state) => state.openLoginPanel);
  const open = useAddToPlaylist((state) => state.open);
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => (loggedIn ? open(request) : openLoginPanel(request.contextPath))}
    >
      Add to playlist
    </button>
  );
}
