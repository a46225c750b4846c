import { Link } from 'react-router-dom';

/** The sidebar's and the empty playlist's way to find things to add. */
export function LibraryLinks() {
  return (
    <ul className="playlist-library-links">
      <li>
        <Link to="/-/-/activity-filter">Activity Library</Link>
      </li>
      <li>
        <Link to="/audiolibrary">Audio Library</Link>
      </li>
    </ul>
  );
}
