import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlaylistDeckView } from '../../../src/features/lesson-mode/components/playlist-deck-view';
import { routeFamily } from '../../../src/features/lesson-mode/model/route-family';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../src/lib/auth/auth-store';
import { db, type PlaylistRecord } from '../../../src/lib/db/database';
import { createQueryClient } from '../../../src/lib/query/query-client';
import { nothingAnswers } from '../../support/msw';
import { card, goOffline, restoreNetwork, storeSlideShows } from './availability-kit';

// Offline, lesson mode lists every activity of a playlist and says which are missing.

const playlist: PlaylistRecord = {
  clientId: 'p1',
  userId: '7',
  documentId: 'doc-p1',
  title: 'Monday morning warm-ups',
  audienceId: null,
  deleted: false,
  updatedAt: 1,
  items: [
    {
      key: 'k1',
      kind: 'ComponentPlaylistsActivity',
      title: 'Echo Clapping',
      itemId: 'echo',
      contextPath: '/primary/activities/w/echo',
      details: {},
    },
    {
      key: 'k2',
      kind: 'ComponentPlaylistsActivity',
      title: 'Hello Song',
      itemId: 'hello',
      contextPath: '/primary/activities/w/hello',
      details: {},
    },
    {
      key: 'k3',
      kind: 'ComponentPlaylistsAudioItem',
      title: 'Hello song recording',
      itemId: 'file',
      contextPath: '',
      details: { url: '/uploads/hello.mp3', caption: null },
    },
  ],
};

/** Lesson mode at `path`, offline, with `stored` activities' slideshows on the device. */
function renderOffline(path: string, params: { item?: string; slide?: string }, stored: string[]) {
  const client = createQueryClient();
  storeSlideShows(client, stored);
  const family = routeFamily(path, { playlistId: 'p1', ...params });
  if (family?.kind !== 'playlist') throw new Error(`${path} is not a playlist's lesson mode`);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <PlaylistDeckView family={family} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await db.playlists.clear();
  await db.playlists.put(playlist);
  useAuthStore.setState({
    user: { id: 7, email: 'teacher@demo.school' },
    authToken: 'token',
    userRole: ACTIVE_SUBSCRIBER,
  });
  goOffline();
});

afterEach(restoreNetwork);

describe('a playlist in lesson mode, offline', () => {
  it('lists an activity whose slides are not on the device, says why, and links to where it can be downloaded', async () => {
    renderOffline('/playlists/p1/slides', {}, ['echo']);
    expect(await screen.findByRole('heading', { name: 'Hello Song' })).toBeInTheDocument();
    expect(
      within(card('Echo Clapping')).getByRole('link', { name: 'Get started' }),
    ).toHaveAttribute('href', '/playlists/p1/slides/1/1');
    const missing = within(card('Hello Song'));
    expect(
      missing.getByText('Not available offline: its slides are not saved on this device.'),
    ).toBeInTheDocument();
    expect(
      missing.getByRole('link', { name: 'Open the playlist to make it available offline' }),
    ).toHaveAttribute('href', '/playlists/p1');
    expect(missing.queryByRole('link', { name: /Skip to this activity/ })).toBeNull();
    // The audio item keeps its number: items are numbered as the playlist lists them.
    expect(
      within(card('Hello song recording')).getByRole('link', { name: 'Skip to this activity' }),
    ).toHaveAttribute('href', '/playlists/p1/slides/3/1');
  });

  it('with no slides stored, lists every activity as not available instead of "no slides yet"', async () => {
    renderOffline('/playlists/p1/slides', {}, []);
    expect(await screen.findByRole('heading', { name: 'Echo Clapping' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello Song' })).toBeInTheDocument();
    expect(
      screen.getAllByText('Not available offline: its slides are not saved on this device.'),
    ).toHaveLength(2);
    expect(screen.queryByText('This lesson has no slides yet.')).toBeNull();
  });

  it("opening a missing activity's slides says why instead of 'not part of' the playlist", async () => {
    renderOffline('/playlists/p1/slides/2/1', { item: '2', slide: '1' }, ['echo']);
    expect(await screen.findByText('Hello Song cannot be shown here.')).toBeInTheDocument();
    expect(
      screen.getByText('Not available offline: its slides are not saved on this device.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/is not part of/)).toBeNull();
  });
});

describe("a playlist in lesson mode before this device has the teacher's list", () => {
  it('waits for the first pull online instead of saying "Playlist not found"', async () => {
    await db.playlists.clear();
    restoreNetwork();
    nothingAnswers();
    renderOffline('/playlists/p1/slides', {}, []);
    expect(await screen.findByText('Loading your playlists…')).toBeInTheDocument();
    expect(screen.queryByText('Playlist not found')).toBeNull();
  });

  it('offline, says the playlist is not on this device and appears once the playlists have synced', async () => {
    await db.playlists.clear();
    renderOffline('/playlists/p1/slides', {}, []);
    expect(await screen.findByText('Playlist not found')).toBeInTheDocument();
    expect(
      screen.getByText(/It appears here once your playlists have synced\./),
    ).toBeInTheDocument();
  });
});
