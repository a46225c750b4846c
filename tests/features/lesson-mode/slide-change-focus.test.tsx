import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeckView } from '../../../src/features/lesson-mode/components/deck-view';
import { lessonDeck } from '../../../src/features/lesson-mode/model/family-decks';
import { createQueryClient } from '../../../src/lib/query/query-client';
import { lesson, PATHS, slide } from './fixtures';

// A slide change keeps the focus where it was. The slide's heading stays from slide to slide (its
// text changes; the live region says which slide it is), so a heading that had focus keeps it:
// taking it back on a new heading forced the new slide's layout inside the key press.

const deck = lessonDeck(
  lesson([['a1', [slide('one', { title: 'Clap' }), slide('two', { title: 'Stamp' })]]]),
  PATHS,
);

function Slides() {
  const { activity, slide: number } = useParams();
  return <DeckView deck={deck} params={{ entry: activity, slide: number }} />;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('focus across a slide change', () => {
  it('stays on the heading it was on, which is never taken out and focused again', async () => {
    // jsdom lays nothing out: the bar's height is never observed.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[`${PATHS.basePath}/a1/1`]}>
          <Routes>
            <Route path={`${PATHS.basePath}/:activity/:slide`} element={<Slides />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Clap' });
    heading.focus();
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stamp' })).toBe(heading);
    expect(document.activeElement).toBe(heading);
    expect(focus).not.toHaveBeenCalled();
    expect(screen.getByText('Slide 2 of 2: Stamp')).toBeInTheDocument();
  });
});
