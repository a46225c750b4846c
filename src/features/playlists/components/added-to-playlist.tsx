/** The add-to-playlist dialog's last step: where the item went, with a link to that playlist. */
import { Link } from 'react-router-dom';
import { focusStep } from './focus-step';

export function AddedToPlaylist({
  playlist,
  onClose,
}: {
  playlist: { clientId: string; title: string };
  onClose: () => void;
}) {
  return (
    <div role="status" tabIndex={-1} ref={focusStep}>
      <p>
        Added to{' '}
        <Link to={`/playlists/${playlist.clientId}`} onClick={onClose}>
          {playlist.title}
        </Link>
        .
      </p>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
