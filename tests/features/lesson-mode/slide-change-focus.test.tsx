import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lessonDeck } from '../../../src/features/lesson-mode/model/family-decks';
import { renderDeckAt, stubResizeObserver } from './deck-harness';
import { lesson, PATHS, slide } from './fixtures';

// A slide change keeps the focus where it was. The slide's heading stays from slide to slide (its
// text changes; the live region says which slide it is), so a heading that had focus keeps it:
// taking it back on a new heading forced the new slide's layout inside the key press.

const deck = lessonDeck(
  lesson([['a1', [slide('one', { title: 'Clap' }), slide('two', { title: 'Stamp' })]]]),
  PATHS,
);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('focus across a slide change', () => {
  it('stays on the heading it was on, which is never taken out and focused again', async () => {
    stubResizeObserver();
    renderDeckAt(deck, `${PATHS.basePath}/a1/1`);
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
