import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { STORAGE_KEYS } from '../../../src/lib/storage-keys';
import { SessionEndedNotice, sessionEndedText } from '../../../src/lib/ui/session-ended-notice';

// A session never ends in silence: after a 401 the page says so, what left the device and what
// was kept, until the teacher dismisses it or signs in again.

afterEach(() => {
  cleanup();
  localStorage.clear();
  useAuthStore.setState({ user: null, authToken: null, userRole: null });
});

describe('the session-ended notice', () => {
  it('says the session ended, what was removed and what was kept, in words', () => {
    expect(sessionEndedText({ downloadsRemoved: 2, playlistsKept: 1 })).toEqual([
      'Your session has ended, so you have been logged out. Log in again to carry on.',
      '2 downloads were removed from this device.',
      'Your changes to 1 playlist are kept on this device and will be saved when you log in again.',
    ]);
    expect(sessionEndedText({ downloadsRemoved: 1, playlistsKept: 0 })[1]).toBe(
      '1 download was removed from this device.',
    );
    expect(sessionEndedText({ downloadsRemoved: null, playlistsKept: null })).toEqual([
      'Your session has ended, so you have been logged out. Log in again to carry on.',
      'The downloads on this device are being removed.',
    ]);
  });

  it('shows after the reload a 401 made, and goes when dismissed', async () => {
    localStorage.setItem(
      STORAGE_KEYS.sessionEnded,
      JSON.stringify({ downloadsRemoved: 0, playlistsKept: 3 }),
    );
    render(<SessionEndedNotice />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session has ended, so you have been logged out. Log in again to carry on.Your changes to 3 playlists are kept',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionEnded)).toBeNull();
  });

  it('is gone once the teacher signs in again', () => {
    localStorage.setItem(
      STORAGE_KEYS.sessionEnded,
      JSON.stringify({ downloadsRemoved: 1, playlistsKept: 0 }),
    );
    useAuthStore.setState({
      user: { id: 7, email: 'teacher@demo.school' },
      authToken: 'token',
      userRole: 'active_subscriber',
    });
    render(<SessionEndedNotice />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionEnded)).toBeNull();
  });
});
