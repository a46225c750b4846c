import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PlaylistPage } from '../../../src/features/playlists/routes/playlist-page';
import { db, type PlaylistRecord } from '../../../src/lib/db/database';
import { markPulled } from '../../../src/lib/sync/sync-notices';
import { useSyncStatus } from '../../../src/lib/sync/sync-status-store';
import {
  renderWithProviders,
  startEachTestAsSignedInTeacher,
} from '../../support/playlist-screens';

// A playlist opened before this device has had the teacher's list (a bookmark on a device just
// signed in to) is late, not gone: the page must not say 'It may have been deleted' then.

const playlist: PlaylistRecord = {
  clientId: 'p1',
  userId: '7',
  documentId: 'doc-p1',
  title: 'Monday warm-ups',
  audienceId: null,
  items: [],
  deleted: false,
  updatedAt: 1,
};

function renderPlaylistPage(clientId = 'p1') {
  return renderWithProviders(
    <Routes>
      <Route path="/playlists/:playlistId" element={<PlaylistPage />} />
    </Routes>,
    `/playlists/${clientId}`,
  );
}

startEachTestAsSignedInTeacher();

describe('a playlist page before, during and after the first pull', () => {
  it('says it is loading, not "Playlist not found", until the CMS has answered once; then shows the playlist', async () => {
    renderPlaylistPage();
    expect(await screen.findByText('Loading your playlists…')).toBeInTheDocument();
    expect(screen.queryByText('Playlist not found')).toBeNull();
    expect(screen.queryByText(/may have been deleted/)).toBeNull();
    // The first pull lands: the playlist and the mark that the list has arrived.
    await act(async () => {
      await db.playlists.put(playlist);
      await markPulled('7');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monday warm-ups' })).toBeVisible();
  });

  it('when the first pull failed, says the playlist is not on this device yet, not that it may be deleted', async () => {
    renderPlaylistPage();
    await screen.findByText('Loading your playlists…');
    act(() => useSyncStatus.setState({ lastStatus: 'offline' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This playlist is not on this device yet',
      }),
    ).toBeVisible();
    expect(
      screen.getByText(/appear here once this device has reached the content service/),
    ).toBeVisible();
    expect(screen.queryByText(/may have been deleted/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Your Playlists' })).toHaveAttribute(
      'href',
      '/playlists',
    );
  });

  it('says "Playlist not found" once the device has the list and this playlist is not in it', async () => {
    await markPulled('7');
    renderPlaylistPage('gone');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Playlist not found' }),
    ).toBeVisible();
    expect(screen.getByText(/may have been deleted/)).toBeVisible();
  });

  it("does not open another teacher's playlist left on a shared device, pulled or not", async () => {
    await db.playlists.put({ ...playlist, userId: '8' });
    await markPulled('7');
    renderPlaylistPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Playlist not found' }),
    ).toBeVisible();
    expect(screen.queryByText('Monday warm-ups')).toBeNull();
  });
});
