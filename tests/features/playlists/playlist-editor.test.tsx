import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaylistEditor } from '../../../src/features/playlists/components/playlist-editor';
import type { PlaylistItemRecord } from '../../../src/lib/db/database';

// WCAG 2.5.7: reordering without dragging, announced once, focus kept on the moved item.

const item = (key: string, title: string): PlaylistItemRecord => ({
  key,
  kind: 'ComponentPlaylistsActivity',
  title,
  itemId: key,
  contextPath: `/primary/p/u/lesson/${key}`,
  details: {},
});

const START = [item('a', 'Warm-up'), item('b', 'Echo Clapping'), item('c', 'Samba groove')];

function Harness() {
  const [items, setItems] = useState(START);
  return <PlaylistEditor items={items} onChange={setItems} />;
}

const order = () =>
  within(screen.getByRole('list', { name: 'Playlist items, in order' }))
    .getAllByRole('listitem')
    .map((row) =>
      within(row)
        .getByRole('button', { name: /^Remove/ })
        .textContent?.replace('Remove ', ''),
    );

afterEach(cleanup);

describe('PlaylistEditor without dragging', () => {
  it("offers 'Move up' and 'Move down' on every item, naming it, disabled at the ends", () => {
    render(<Harness />);
    for (const { title } of START) {
      expect(screen.getByRole('button', { name: `Move '${title}' up` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Move '${title}' down` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: "Move 'Warm-up' up" })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Move 'Samba groove' down" })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Move 'Echo Clapping' up" })).toBeEnabled();
  });

  it('moves an item one place per press, keeps focus on its button and announces the new position once', async () => {
    render(<Harness />);
    // A live region announces changes only when it was already there before them.
    const regionsBefore = screen.getAllByRole('status');

    await userEvent.click(screen.getByRole('button', { name: "Move 'Warm-up' down" }));
    expect(order()).toEqual(['Echo Clapping', 'Warm-up', 'Samba groove']);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: "Move 'Warm-up' down" }),
    );
    const live = screen
      .getAllByRole('status')
      .find((region) => region.textContent?.includes('moved'));
    expect(regionsBefore).toContain(live);
    expect(live).toHaveTextContent(/^'Warm-up' moved to position 2 of 3\.$/);

    await userEvent.keyboard('{Enter}');
    expect(order()).toEqual(['Echo Clapping', 'Samba groove', 'Warm-up']);
    expect(live).toHaveTextContent("'Warm-up' moved to position 3 of 3.");
  });

  it('at the end of the list focus goes to the other button, not to <body>', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: "Move 'Echo Clapping' up" }));
    expect(order()).toEqual(['Echo Clapping', 'Warm-up', 'Samba groove']);
    expect(screen.getByRole('button', { name: "Move 'Echo Clapping' up" })).toBeDisabled();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: "Move 'Echo Clapping' down" }),
    );
  });
});
