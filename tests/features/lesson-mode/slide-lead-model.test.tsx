import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../../scripts/seeded-random.mjs';
import { lessonDeck } from '../../../src/features/lesson-mode/model/family-decks';
import { renderDeckAt, stubResizeObserver } from './deck-harness';
import { lesson, PATHS, slide } from './fixtures';

// A slide change draws its slide inside the key press and moves the address after the frame
// (useSlideNavigation). Keys come at any pace, down to several in one frame and one while the
// router is still taking the last move's address: through seeded sequences of presses and
// pauses, the screen always shows the slide the presses lead to, the address catches up with
// it, and the history holds only slides the class saw, in the order it saw them.
// VITE_SLIDE_LEAD_SEED replays one sequence.

const COUNT = 6;
const deck = lessonDeck(
  lesson([
    [
      'a1',
      Array.from({ length: COUNT }, (_, index) =>
        slide(`s${index + 1}`, { title: `S${index + 1}` }),
      ),
    ],
  ]),
  PATHS,
);
const pathOf = (number: number) => `${PATHS.basePath}/a1/${number}`;

const shownNumber = () =>
  Number(screen.getByRole('heading', { level: 1 }).textContent!.replace('S', ''));
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(stubResizeObserver);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('slides shown ahead of the address, through seeded sequences of presses', () => {
  const seeds = [Number(import.meta.env.VITE_SLIDE_LEAD_SEED ?? 0) || 20261129, 3, 17, 101];
  for (const seed of seeds) {
    it(`seed ${seed}: the screen, the address and the history agree`, async () => {
      const random = seededRandom(seed);
      const router = renderDeckAt(deck, pathOf(1));
      await screen.findByRole('heading', { level: 1, name: 'S1' });
      let expected = 1;
      const seen = [1];
      for (let press = 0; press < 40; press++) {
        const roll = random();
        const key =
          roll < 0.45 ? 'ArrowRight' : roll < 0.85 ? 'ArrowLeft' : roll < 0.93 ? 'End' : 'Home';
        expected =
          key === 'ArrowRight'
            ? Math.min(COUNT, expected + 1)
            : key === 'ArrowLeft'
              ? Math.max(1, expected - 1)
              : key === 'End'
                ? COUNT
                : 1;
        const timing = random();
        if (timing < 0.25) {
          // Just after the last move left for the router, before the router's render.
          await act(async () => {
            await new Promise((resolve) =>
              requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)),
            );
            fireEvent.keyDown(document.body, { key });
            expect(shownNumber(), `press ${press} (${key}) as the address moved`).toBe(expected);
          });
        } else {
          // In the same frame as the last press, or a little to a few frames later.
          if (timing > 0.5) await pause(Math.floor((timing - 0.5) * 80));
          act(() => {
            fireEvent.keyDown(document.body, { key });
          });
        }
        // Drawn inside the press, whatever is still under way.
        expect(shownNumber(), `press ${press} (${key})`).toBe(expected);
        if (seen.at(-1) !== expected) seen.push(expected);
      }
      await pause(100);
      expect(shownNumber()).toBe(expected);
      expect(router.state.location.pathname).toBe(pathOf(expected));

      // Back through the history: every entry is a slide the class saw, in the order it saw them.
      const entries = [expected];
      for (;;) {
        const before = router.state.location.key;
        await act(async () => router.navigate(-1));
        if (router.state.location.key === before) break;
        const number = Number(router.state.location.pathname.split('/').pop());
        expect(shownNumber()).toBe(number);
        entries.unshift(number);
        if (router.state.location.key === 'default') break;
      }
      expect(entries[0]).toBe(1);
      // A press that comes back to the slide the address is on makes no second entry for it.
      expect(entries.filter((number, index) => number === entries[index - 1])).toEqual([]);
      let at = 0;
      for (const number of entries) {
        at = seen.indexOf(number, at);
        expect(
          at,
          `history ${entries.join(',')} against seen ${seen.join(',')}`,
        ).toBeGreaterThanOrEqual(0);
      }
    });
  }
});
