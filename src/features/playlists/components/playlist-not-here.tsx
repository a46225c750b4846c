/** The playlist page when this device has no such playlist: gone, or not here yet. */
import { Link } from 'react-router-dom';
import { StateHeading } from '../../../lib/ui/state-heading';

export function PlaylistNotHere({ pulled }: { pulled: boolean }) {
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
      <StateHeading>{title}</StateHeading>
      <p>{message}</p>
      <Link to="/playlists">Back to Your Playlists</Link>
    </div>
  );
}
