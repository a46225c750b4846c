import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddToPlaylistDialog } from '../../../src/features/playlists/components/add-to-playlist-dialog';
import { PlaylistDetailsModal } from '../../../src/features/playlists/components/playlist-details-modal';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../src/lib/auth/auth-store';
import { db, type PlaylistRecord } from '../../../src/lib/db/database';
import { useAddToPlaylist } from '../../../src/lib/playlists/add-to-playlist-store';
import { markPulled } from '../../../src/lib/sync/sync-notices';
import { nothingAnswers } from '../../support/msw';
import { renderWithProviders } from '../../support/playlist-screens';

// WCAG 4.1.3 and 3.3.1: the playlist dialogs' errors are announced at once (alert
// regions there before the error) and tied to the field they are about.

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

/** The alert regions present now, each with its text: a later error must land in one of these. */
const alerts = () => screen.queryAllByRole('alert');
const alertTexts = () =>
  alerts()
    .map((region) => region.textContent ?? '')
    .filter(Boolean);

beforeAll(() => {
  // jsdom has no modal dialogs: open and close them as the browser would, minus the top layer.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

beforeEach(async () => {
  await Promise.all([db.playlists.clear(), db.meta.clear(), db.outbox.clear()]);
  useAuthStore.setState({
    user: { id: 7, email: 'teacher@demo.school' },
    authToken: 'token',
    userRole: ACTIVE_SUBSCRIBER,
  });
  nothingAnswers();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useAddToPlaylist.setState({ request: null });
});

async function openAddToPlaylist(titles = ['Monday warm-ups', 'Friday songs']) {
  await markPulled('7');
  await db.playlists.bulkPut(titles.map((title, index) => playlist(`p${index + 1}`, title)));
  renderWithProviders(<AddToPlaylistDialog />);
  act(() =>
    useAddToPlaylist
      .getState()
      .open({ kind: 'activity', itemId: 'a1', title: 'Hello Song', contextPath: '/a/1' }),
  );
  await screen.findByRole('radio', { name: 'Monday warm-ups' });
}

describe('Add to playlist with exactly one playlist', () => {
  it('starts with it chosen, so Add to playlist adds to it at once', async () => {
    await openAddToPlaylist(['Monday warm-ups']);
    expect(screen.getByRole('radio', { name: 'Monday warm-ups' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));
    await screen.findByText(/Added to/);
    expect(alertTexts()).toEqual([]);
    expect((await db.playlists.get('p1'))?.items.map((item) => item.title)).toEqual(['Hello Song']);
  });

  it('keeps it chosen when a second playlist arrives (a sync from another device) before Add', async () => {
    await openAddToPlaylist(['Monday warm-ups']);
    expect(screen.getByRole('radio', { name: 'Monday warm-ups' })).toBeChecked();
    await act(() => db.playlists.put(playlist('p2', 'Friday songs')));
    await screen.findByRole('radio', { name: 'Friday songs' });
    expect(screen.getByRole('radio', { name: 'Monday warm-ups' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));
    await screen.findByText(/Added to/);
    expect(alertTexts()).toEqual([]);
    expect((await db.playlists.get('p1'))?.items.map((item) => item.title)).toEqual(['Hello Song']);
  });

  it('with two, neither starts chosen', async () => {
    await openAddToPlaylist();
    expect(screen.getByRole('radio', { name: 'Monday warm-ups' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Friday songs' })).not.toBeChecked();
  });
});

describe('Add to playlist errors', () => {
  it('"Choose a playlist." arrives in an alert region that was already there, and describes the choices', async () => {
    await openAddToPlaylist();
    const before = alerts();
    expect(alertTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));

    const region = alerts().find((one) => one.textContent === 'Choose a playlist.');
    expect(before).toContain(region);
    expect(screen.getByRole('group', { name: 'Choose a playlist' })).toHaveAccessibleDescription(
      'Choose a playlist.',
    );
  });

  it('a missing name is announced from a region already there, and only the name field is marked invalid', async () => {
    await openAddToPlaylist();
    await userEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create a new playlist' }));
    // 3.3.1: the first step's error does not carry over to the name field.
    const name = screen.getByRole('textbox', { name: /Playlist name/ });
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(alertTexts()).toEqual([]);
    const before = alerts();

    await userEvent.click(screen.getByRole('button', { name: 'Save Playlist' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter a name for the playlist.');
    const region = alerts().find((one) => one.textContent === 'Enter a name for the playlist.');
    expect(before).toContain(region);
  });

  it('a write the device refused is announced from a region already there', async () => {
    await openAddToPlaylist();
    const before = alerts();
    await userEvent.click(screen.getByRole('radio', { name: 'Monday warm-ups' }));
    vi.spyOn(db.outbox, 'bulkAdd').mockRejectedValueOnce(
      new DOMException('full', 'QuotaExceededError'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));
    await screen.findByText(/^This device is out of space/);
    const region = alerts().find((one) =>
      one.textContent?.startsWith('This device is out of space'),
    );
    expect(before).toContain(region);
  });
});

describe('Playlist details errors', () => {
  it('an emptied name is announced from a region already there and ties the error to the field', async () => {
    renderWithProviders(
      <PlaylistDetailsModal
        open
        playlist={playlist('p1', 'Monday warm-ups')}
        audiences={[]}
        onSave={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const name = screen.getByRole('textbox', { name: /Playlist name/ });
    const before = alerts();
    expect(alertTexts()).toEqual([]);
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save Playlist' }));

    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter a name for the playlist.');
    const region = alerts().find((one) => one.textContent === 'Enter a name for the playlist.');
    expect(before).toContain(region);
  });

  it('a save the device refused is announced and tied to the name field', async () => {
    const onSave = vi.fn().mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    renderWithProviders(
      <PlaylistDetailsModal
        open
        playlist={playlist('p1', 'Monday warm-ups')}
        audiences={[]}
        onSave={onSave}
        onClose={vi.fn()}
      />,
    );
    const before = alerts();
    await userEvent.click(screen.getByRole('button', { name: 'Save Playlist' }));
    await screen.findAllByText(/^This device is out of space/);
    const region = alerts().find((one) =>
      one.textContent?.startsWith('This device is out of space'),
    );
    expect(before).toContain(region);
    expect(screen.getByRole('textbox', { name: /Playlist name/ })).toHaveAccessibleDescription(
      /^This device is out of space/,
    );
  });
});
