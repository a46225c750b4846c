import { useState } from 'react';
import { selectIsLoggedIn, useAuthStore } from '../auth/auth-store';
import { forgetSessionEnded, readSessionEnded, type SessionEndedSummary } from '../auth/sign-out';
import { countOf } from '../text/count';

/** What the teacher is told after a 401 ended the session: what happened, what went, what was kept. */
export function sessionEndedText({
  downloadsRemoved,
  playlistsKept,
}: SessionEndedSummary): string[] {
  const lines = ['Your session has ended, so you have been logged out. Log in again to carry on.'];
  if (downloadsRemoved === null) lines.push('The downloads on this device are being removed.');
  else if (downloadsRemoved > 0)
    lines.push(
      `${countOf(downloadsRemoved, 'download was', 'downloads were')} removed from this device.`,
    );
  if (playlistsKept !== null && playlistsKept > 0) {
    lines.push(
      `Your changes to ${countOf(playlistsKept, 'playlist', 'playlists')} are kept on this device and will be saved when you log in again.`,
    );
  }
  return lines;
}

/**
 * Shown on the page a 401 reloads to, until dismissed: a session never ends in silence. Log Out
 * is the teacher's own choice and says nothing.
 */
export function SessionEndedNotice() {
  const [summary, setSummary] = useState(readSessionEnded);
  const signedIn = useAuthStore(selectIsLoggedIn);
  if (summary && signedIn) {
    // Signed in again: the news is out of date.
    forgetSessionEnded();
    setSummary(null);
  }
  if (!summary || signedIn) return null;
  return (
    <div className="app-banner app-banner--session-ended" role="status">
      <div>
        {sessionEndedText(summary).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          forgetSessionEnded();
          setSummary(null);
        }}
      >
        Dismiss
      </button>
    </div>
  );
}
