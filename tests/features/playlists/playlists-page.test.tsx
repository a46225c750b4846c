import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddToPlaylistDialog } from '../../../src/features/playlists/components/add-to-playlist-dialog';
import { PlaylistsPage } from '../../../src/features/playlists/routes/playlists-page';
import { db, type PlaylistRecord } from '../../../src/lib/db/database';
import { useAddToPlaylist } from '../../../src/lib/playlists/add-to-playlist-store';
import { markPulled } from '../../../src/lib/sync/sync-notices';
import { useSyncStatus } from '../../../src/lib/sync/sync-status-store';
import {
  renderWithProviders,
  startEachTestAsSignedInTeacher,
} from '../../support/playlist-screens';

// Late is not empty, screens observe IndexedDB, and a playlist write that fails says so.

const playlist = (clientId: string, title: string): PlaylistRecord => ({
  clientId,
  userId: '7',
  documentId: null,
  title,
  audienceId: null,
  items: [],
  deleted: false,
  updatedAt: 1,
});

// Registered first so that it runs last, after the rendered screen is gone.
afterEach(() => {
  useAddToPlaylist.setState({ request: null });
});

startEachTestAsSignedInTeacher();

describe('Your Playlists before, during and after the first pull', () => {
  it('says it is loading, not "Create your first playlist", while the CMS has not answered yet', async () => {
    renderWithProviders(<PlaylistsPage />);
    expect(await screen.findByText('Loading your playlists…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create your first playlist' })).toBeNull();
  });

  it('shows the empty state only once the CMS has said there are none', async () => {
    renderWithProviders(<PlaylistsPage />);
    await screen.findByText('Loading your playlists…');
    await act(() => markPulled('7'));
    expect(await screen.findByRole('button', { name: 'Create your first playlist' })).toBeVisible();
  });

  it('stops waiting when the first pull failed, and still lets the teacher make a playlist', async () => {
    renderWithProviders(<PlaylistsPage />);
    await screen.findByText('Loading your playlists…');
    act(() => useSyncStatus.setState({ lastStatus: 'offline' }));
    expect(
      await screen.findByText(/appear here once this device has reached the content service/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create a new playlist' })).toBeVisible();
  });

  it('shows what IndexedDB holds as it changes (a sync round, another tab), with no refresh', async () => {
    await markPulled('7');
    renderWithProviders(<PlaylistsPage />);
    await screen.findByRole('button', { name: 'Create your first playlist' });
    await act(() => db.playlists.put(playlist('p1', 'Monday warm-ups')));
    expect(await screen.findByRole('heading', { name: 'Monday warm-ups', level: 2 })).toBeVisible();
  });
});

describe('Add to playlist', () => {
  beforeEach(() => {
    // jsdom has no modal dialogs: open and close them as the browser would, minus the top layer.
    HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
      this.open = false;
    };
  });

  it('says why a change was not saved instead of leaving the dialog stuck', async () => {
    await markPulled('7');
    await db.playlists.put(playlist('p1', 'Monday warm-ups'));
    renderWithProviders(<AddToPlaylistDialog />);
    act(() =>
      useAddToPlaylist
        .getState()
        .open({ kind: 'activity', itemId: 'a1', title: 'Hello Song', contextPath: '/a/1' }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Monday warm-ups' }));
    // The device is full: IndexedDB refuses the write.
    vi.spyOn(db.outbox, 'bulkAdd').mockRejectedValueOnce(
      new DOMException('full', 'QuotaExceededError'),
    );
    await user.click(screen.getByRole('button', { name: 'Add to playlist' }));
    const problem = await screen.findByText(
      /^This device is out of space, so the change was not saved\./,
    );
    expect(problem.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(/Added to/)).toBeNull();
    expect((await db.playlists.get('p1'))!.items).toEqual([]);
    // Nothing stuck: the same click works once there is room.
    await user.click(screen.getByRole('button', { name: 'Add to playlist' }));
    expect(await screen.findByText(/Added to/)).toBeVisible();
    expect((await db.playlists.get('p1'))!.items.map((item) => item.title)).toEqual(['Hello Song']);
  });
});

describe('Add to playlist, new playlist step', () => {
  beforeEach(() => {
    HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
  });

  it('does not carry "Choose a playlist." over, and a double click stores one playlist', async () => {
    await markPulled('7');
    // Two, so none starts chosen.
    await db.playlists.bulkPut([playlist('p1', 'Monday warm-ups'), playlist('p2', 'Tuesday')]);
    renderWithProviders(<AddToPlaylistDialog />);
    act(() =>
      useAddToPlaylist
        .getState()
        .open({ kind: 'activity', itemId: 'a1', title: 'Hello Song', contextPath: '/a/1' }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to playlist' }));
    expect(screen.getByText('Choose a playlist.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create a new playlist' }));
    expect(screen.queryByText('Choose a playlist.')).toBeNull();
    await user.type(screen.getByLabelText(/Playlist name/), 'Friday');
    await user.dblClick(screen.getByRole('button', { name: 'Save Playlist' }));
    expect(await screen.findByText(/Added to/)).toBeVisible();
    expect((await db.playlists.toArray()).map((record) => record.title).sort()).toEqual([
      'Friday',
      'Monday warm-ups',
      'Tuesday',
    ]);
    expect(await db.outbox.count()).toBe(1);
  });
});
