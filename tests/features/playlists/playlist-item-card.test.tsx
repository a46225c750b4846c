import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaylistItemCard } from '../../../src/features/playlists/components/playlist-item-card';
import type { PlaylistItemRecord } from '../../../src/lib/db/database';

// A playlist item's context_path is whatever was stored through the API, so the card
// links only to a path on the app's own origin; anything else falls back to the item's library.
const HOSTILE_PATHS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example',
  '//evil.example/primary',
  'https://other.host/primary',
  'http://127.0.0.1.evil.example/',
  '\\\\evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  'primary/relative',
];

afterEach(cleanup);

function renderItem(item: Partial<PlaylistItemRecord>) {
  const record: PlaylistItemRecord = {
    key: 'k',
    kind: 'ComponentPlaylistsActivity',
    title: 'Clap the pulse',
    itemId: 'a1',
    contextPath: '/primary/sound-explorers/activities/-/a1',
    details: { time: '5 minutes', type: 'Warm-up', introduction: null },
    ...item,
  };
  render(
    <MemoryRouter initialEntries={['/playlists/p1']}>
      <PlaylistItemCard item={record} />
    </MemoryRouter>,
  );
}

describe('PlaylistItemCard links', () => {
  it('links an activity to its in-app context path', () => {
    renderItem({});
    expect(screen.getByRole('link')).toHaveAttribute(
      'href',
      '/primary/sound-explorers/activities/-/a1',
    );
  });

  it.each(HOSTILE_PATHS)(
    'links an activity with context_path %j to the Activity Library instead',
    (path) => {
      renderItem({ contextPath: path });
      expect(screen.getByRole('link')).toHaveAttribute('href', '/-/-/activity-filter');
    },
  );

  it.each(HOSTILE_PATHS)(
    'links an audio item with context_path %j to the Audio Library instead',
    (path) => {
      renderItem({
        kind: 'ComponentPlaylistsAudioItem',
        contextPath: path,
        details: { url: '/uploads/a.mp3', caption: null },
      });
      expect(screen.getByRole('link', { name: /Open in the Audio Library/ })).toHaveAttribute(
        'href',
        '/audiolibrary',
      );
    },
  );

  it("keeps the spec's text for a path built from a missing value", () => {
    renderItem({ contextPath: '/undefined/undefined/activities/-/a1' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('link to activity library not available')).toBeInTheDocument();
  });
});
