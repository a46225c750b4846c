import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lessonDeck } from '../../../src/features/lesson-mode/model/family-decks';
import { slideShowQueryOptions } from '../../../src/lib/lesson-content/slide-show';
import { createQueryClient } from '../../../src/lib/query/query-client';
import { snapshotMarkup } from '../../../src/lib/offline/snapshot-cover';
import { renderDeckAt, stubResizeObserver } from './deck-harness';
import { lesson, PATHS, slide } from './fixtures';

// A slide change shows a body that is already drawn: the slides before and after the one on
// screen are drawn ahead, hidden, so the key press only hides one body and shows another. What a
// class sees must not change for it: a slide returned to is as new, a hidden body is in nothing
// a person or a snapshot reads, and no id is there twice.

const card = (id: string) => ({
  id,
  title: `Card ${id}`,
  card_1: { url: `/uploads/${id}-front.png`, alternativeText: `${id} front` },
  card_2: { url: `/uploads/${id}-back.png`, alternativeText: `${id} back` },
  audio: null,
});

const instruments = (id: string) =>
  slide(id, {
    title: `Instruments ${id}`,
    slide_template: 'video_audio_instruments',
    audio: { url: `/uploads/${id}.mp3`, name: `${id}.mp3` },
    sub_slides2: [
      {
        id: `sub-${id}`,
        title: 'Drums',
        activity_slideshow: { documentId: `show-drums-${id}`, title: 'Drums' },
      },
    ],
  } as never);

const deck = lessonDeck(
  lesson([
    [
      'a1',
      [
        slide('one', {
          title: 'Clap',
          slide_template: 'flipcards',
          flipcards: [card('c1')],
        } as never),
        instruments('two'),
        instruments('three'),
        slide('four', { title: 'Stamp' }),
      ],
    ],
  ]),
  PATHS,
);

const bodies = () => Array.from(document.querySelectorAll<HTMLElement>('.slide__body'));
const shown = () => bodies().filter((body) => !body.hidden);

beforeEach(stubResizeObserver);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderAt(number: number) {
  // The sub-slideshows a slide offers are fetched while it shows: here they are already known.
  const client = createQueryClient();
  for (const id of ['two', 'three'])
    client.setQueryData(slideShowQueryOptions({ id: `show-drums-${id}` }).queryKey, {
      documentId: `show-drums-${id}`,
      title: 'Drums',
      activity_slides: [],
    } as never);
  renderDeckAt(deck, `${PATHS.basePath}/a1/${number}`, client);
}

describe('the slides drawn ahead', () => {
  it('shows the body drawn ahead for the next slide, and draws the one after it later', async () => {
    renderAt(2);
    await screen.findByRole('heading', { level: 1, name: 'Instruments two' });
    // The slide on screen, with the one before and the one after, hidden.
    await waitFor(() => expect(bodies()).toHaveLength(3));
    const [before, current, after] = bodies();
    expect([before!.hidden, current!.hidden, after!.hidden]).toEqual([true, false, true]);

    await userEvent.keyboard('{ArrowRight}');
    await screen.findByRole('heading', { level: 1, name: 'Instruments three' });
    // The same element, shown: nothing was drawn for the change itself.
    expect(shown()).toEqual([after]);
    await waitFor(() => expect(bodies()).toHaveLength(3));
    expect(bodies()).not.toContain(before);
    expect(bodies().at(-1)!.hidden).toBe(true);
  });

  it('shows a slide returned to as new: its cards face up again', async () => {
    renderAt(1);
    await screen.findByRole('heading', { level: 1, name: 'Clap' });
    await userEvent.click(screen.getByRole('button', { name: /Card c1/ }));
    expect(screen.getByRole('button', { name: /Card c1/ })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.keyboard('{ArrowRight}');
    await screen.findByRole('heading', { level: 1, name: 'Instruments two' });
    await userEvent.keyboard('{ArrowLeft}');
    await screen.findByRole('heading', { level: 1, name: 'Clap' });
    expect(screen.getByRole('button', { name: /Card c1/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('keeps hidden bodies out of what is read, of the snapshot, and of the ids', async () => {
    renderAt(2);
    await screen.findByRole('heading', { level: 1, name: 'Instruments two' });
    await waitFor(() => expect(bodies()).toHaveLength(3));
    // Slides two and three have the same headings: each is named by its own body's heading.
    expect(screen.getAllByRole('region', { name: 'Activity audio' })).toHaveLength(1);
    expect(screen.getAllByRole('region', { name: 'Instrument options' })).toHaveLength(1);
    const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);

    const markup = snapshotMarkup(document.body)!;
    expect(markup.match(/class="slide__body/g)).toHaveLength(1);
    expect(markup).toContain('Instrument options');
    expect(markup).not.toContain('/uploads/c1-front.png');
  });
});
