import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PlaylistDetailsModal,
  type PlaylistDetails,
} from '../../../src/features/playlists/components/playlist-details-modal';
import type { PlaylistRecord } from '../../../src/lib/db/database';
import { renderWithProviders } from '../../support/playlist-screens';

// The details dialog records only what the teacher changed: a playlist with no audience keeps
// none when it is renamed, so a rename never also sends an audience change nobody chose (which
// on two devices could overwrite a real audience change and raise a false clash notice).

const AUDIENCES = [
  { documentId: 'primary', title: 'Primary' },
  { documentId: 'secondary', title: 'Secondary' },
];

const playlist = (audienceId: string | null): PlaylistRecord => ({
  clientId: 'p1',
  userId: '7',
  documentId: null,
  title: 'Monday warm-ups',
  audienceId,
  items: [],
  deleted: false,
  updatedAt: 1,
});

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => cleanup());

function open(audienceId: string | null) {
  const saved: PlaylistDetails[] = [];
  renderWithProviders(
    <PlaylistDetailsModal
      open
      playlist={playlist(audienceId)}
      audiences={AUDIENCES}
      onSave={(details) => void saved.push(details)}
      onClose={vi.fn()}
    />,
  );
  return saved;
}

async function rename(to: string) {
  const name = screen.getByRole('textbox', { name: /Playlist name/ });
  await userEvent.clear(name);
  await userEvent.type(name, to);
  await userEvent.click(screen.getByRole('button', { name: 'Save Playlist' }));
}

describe('Playlist details', () => {
  it('a playlist with no audience shows none chosen, and a rename keeps it without one', async () => {
    const saved = open(null);
    expect(screen.getByRole('combobox', { name: 'Audience' })).toHaveDisplayValue(
      'No audience chosen',
    );
    await rename('Tuesday warm-ups');
    expect(saved).toEqual([{ title: 'Tuesday warm-ups', audienceId: null }]);
  });

  it('a playlist whose audience the CMS no longer offers shows none chosen, not the first audience', () => {
    open('deleted-since');
    expect(screen.getByRole('combobox', { name: 'Audience' })).toHaveDisplayValue(
      'No audience chosen',
    );
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No audience chosen',
      'Primary',
      'Secondary',
    ]);
  });

  it('a playlist with an audience shows it, and a rename keeps it', async () => {
    const saved = open('secondary');
    expect(screen.getByRole('combobox', { name: 'Audience' })).toHaveDisplayValue('Secondary');
    expect(screen.queryByRole('option', { name: 'No audience chosen' })).toBeNull();
    await rename('Tuesday warm-ups');
    expect(saved).toEqual([{ title: 'Tuesday warm-ups', audienceId: 'secondary' }]);
  });

  it('choosing an audience for a playlist without one saves that choice', async () => {
    const saved = open(null);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Audience' }), 'Primary');
    await userEvent.click(screen.getByRole('button', { name: 'Save Playlist' }));
    expect(saved).toEqual([{ title: 'Monday warm-ups', audienceId: 'primary' }]);
  });
});
