import { describe, expect, it } from 'vitest';
import { activityDeck, lessonDeck } from '../../../src/features/lesson-mode/model/family-decks';
import {
  matchSubSlide,
  resolvePosition,
  slideCountLabel,
  slideIndexFrom,
  slideLinks,
  slideParamsOf,
  slidePath,
  upcomingSlide,
  type Position,
} from '../../../src/features/lesson-mode/model/navigation';
import { lesson, PATHS, slide } from './fixtures';

const BASE = PATHS.basePath;
const deck = lessonDeck(
  lesson([
    ['divider', 'Warm up'],
    ['empty', null],
    ['a', [slide('a1'), slide('a2'), slide('a3')]],
    ['divider', 'Nothing here'],
    ['no-slides', []],
    ['divider', 'Main'],
    ['b', [slide('b1')]],
    [
      'c',
      [
        slide('c1'),
        slide('c2', {
          sub_slides2: [
            {
              id: 's',
              title: 'Violins',
              activity_slideshow: { documentId: 'violin', title: 'Violin slides' },
            },
          ],
        }),
      ],
    ],
  ]),
  PATHS,
);

function at(entry: string | undefined, number?: string, subslideshow?: string, subslide?: string) {
  const position = resolvePosition(deck, { entry, slide: number, subslideshow, subslide });
  if (position.kind !== 'slide') throw new Error(`expected a slide, got ${position.kind}`);
  return position;
}

describe('the lesson deck', () => {
  it('hides activities without slides and dividers left with nothing under them', () => {
    expect(
      deck.entries.map((entry) => (entry.kind === 'divider' ? `# ${entry.title}` : entry.key)),
    ).toEqual(['# Warm up', 'a', '# Main', 'b', 'c']);
  });
});

describe('resolvePosition', () => {
  it('shows the overview when no activity is chosen', () => {
    expect(resolvePosition(deck, {}).kind).toBe('overview');
  });

  it('starts at slide 1 when the slide param is missing', () => {
    expect(at('a').slideIndex).toBe(0);
  });

  it.each(['0', '-1', '4', '99', 'abc', '1.5', ''])(
    'shows slide 1 for the bad slide number %j',
    (bad) => {
      expect(at('a', bad).slide.id).toBe('a1');
    },
  );

  it('reads 1-based slide numbers', () => {
    expect(at('a', '3').slide.id).toBe('a3');
  });

  it('says clearly when the activity is not in the deck, or has no slides', () => {
    expect(resolvePosition(deck, { entry: 'nope' }).kind).toBe('missing-entry');
    expect(resolvePosition(deck, { entry: 'no-slides' }).kind).toBe('missing-entry');
  });

  it('has no overview for a single activity, and says so when it has no slides', () => {
    const single = activityDeck(
      { documentId: 'x', title: 'Echo Clapping', activity_slideshow: null },
      PATHS,
    );
    expect(resolvePosition(single, {}).kind).toBe('no-slides');
    const withSlides = activityDeck(
      {
        documentId: 'x',
        title: 'Hello',
        activity_slideshow: {
          documentId: 's',
          title: 's',
          activity_slides: [slide('h1'), slide('h2')],
        },
      },
      PATHS,
    );
    expect(
      (resolvePosition(withSlides, { slide: '2' }) as Extract<Position, { kind: 'slide' }>).slide
        .id,
    ).toBe('h2');
  });
});

describe('slideParamsOf', () => {
  // A slide shown ahead of the address is read from the path it goes to, as the router would.
  it('reads back every path slidePath makes, keyed or not, sub-slideshow or not', () => {
    const single = activityDeck(
      {
        documentId: 'x',
        title: 'Hello',
        activity_slideshow: { documentId: 's', title: 's', activity_slides: [slide('h1')] },
      },
      PATHS,
    );
    expect(slideParamsOf(deck, slidePath(deck, 'c d', 2))).toEqual({
      entry: 'c d',
      slide: '2',
      subslideshow: undefined,
      subslide: undefined,
    });
    expect(
      slideParamsOf(deck, slidePath(deck, 'c', 2, { slideshowId: 'vi/olin', slideNumber: 3 })),
    ).toEqual({ entry: 'c', slide: '2', subslideshow: 'vi/olin', subslide: '3' });
    expect(slideParamsOf(single, slidePath(single, 'x', 1))).toEqual({
      entry: undefined,
      slide: '1',
      subslideshow: undefined,
      subslide: undefined,
    });
    expect(slideParamsOf(deck, '/elsewhere/1')).toBeNull();
    expect(slideParamsOf(deck, `${BASE}`)).toBeNull();
    expect(slideParamsOf(deck, `${BASE}/c/2/`)).toBeNull();
  });
});

describe('slideLinks', () => {
  it('moves by one inside an activity and offers no activity jump in the middle', () => {
    const links = slideLinks(deck, at('a', '2'));
    expect(links).toMatchObject({
      previous: `${BASE}/a/1`,
      next: `${BASE}/a/3`,
      previousActivity: null,
      nextActivity: null,
    });
  });

  it('does not wrap around at the first slide of the first activity', () => {
    const links = slideLinks(deck, at('a', '1'));
    expect(links.previous).toBeNull();
    expect(links.previousActivity).toBeNull();
  });

  it("offers the next activity's first slide at the last slide", () => {
    const links = slideLinks(deck, at('a', '3'));
    expect(links.next).toBeNull();
    expect(links.nextActivity).toBe(`${BASE}/b/1`);
  });

  it("offers the previous activity's last slide at the first slide", () => {
    expect(slideLinks(deck, at('c', '1')).previousActivity).toBe(`${BASE}/b/1`);
    expect(slideLinks(deck, at('b')).previousActivity).toBe(`${BASE}/a/3`);
  });

  it('has no next activity after the last one', () => {
    const links = slideLinks(deck, at('c', '2'));
    expect(links.next).toBeNull();
    expect(links.nextActivity).toBeNull();
  });

  it('gives the first and last slide for Home and End', () => {
    expect(slideLinks(deck, at('a', '2'))).toMatchObject({
      first: `${BASE}/a/1`,
      last: `${BASE}/a/3`,
    });
  });

  it('stays inside a sub-slideshow and leads back to the main slide', () => {
    const position = at('c', '2', 'violin', '1');
    const links = slideLinks(deck, position, 0, 2);
    expect(links).toMatchObject({
      previous: null,
      next: `${BASE}/c/2/violin/2`,
      last: `${BASE}/c/2/violin/2`,
      previousActivity: null,
      nextActivity: null,
      mainSlide: `${BASE}/c/2`,
    });
  });

  it('numbers a single activity without an entry in the path', () => {
    const single = activityDeck(
      {
        documentId: 'x',
        title: 'Hello',
        activity_slideshow: {
          documentId: 's',
          title: 's',
          activity_slides: [slide('h1'), slide('h2')],
        },
      },
      {
        basePath: '/live/orchestra-live/the-firebird/activity/x/slides',
        exitPath: '/live/orchestra-live/the-firebird/activity/x',
      },
    );
    const position = resolvePosition(single, {}) as Extract<Position, { kind: 'slide' }>;
    expect(slideLinks(single, position)).toMatchObject({
      next: '/live/orchestra-live/the-firebird/activity/x/slides/2',
      nextActivity: null,
    });
  });
});

describe('sub-slides', () => {
  const withSubs = slide('x', {
    sub_slides2: [
      { id: '1', title: 'Violins', activity_slideshow: { documentId: 'violin', title: 'Violin' } },
      { id: '2', title: 'Broken', activity_slideshow: null },
    ],
  });

  it('uses a sub-slide only when its slideshow id matches the param', () => {
    expect(matchSubSlide(withSubs, 'violin')?.title).toBe('Violins');
    expect(matchSubSlide(withSubs, 'drum')).toBeNull();
    expect(matchSubSlide(withSubs, undefined)).toBeNull();
    expect(matchSubSlide(slide('plain'), 'violin')).toBeNull();
  });

  it('shows the main slide when the sub-slideshow param matches nothing', () => {
    expect(at('c', '2', 'drum').sub).toBeNull();
    expect(at('c', '2', 'violin').sub).toMatchObject({
      slideshowId: 'violin',
      title: 'Violin slides',
    });
  });
});

describe('slide numbers and counts', () => {
  it('parses 1-based numbers within the count', () => {
    expect(slideIndexFrom('2', 3)).toBe(1);
    expect(slideIndexFrom('3', 3)).toBe(2);
    expect(slideIndexFrom(undefined, 3)).toBe(0);
    expect(slideIndexFrom('1', 0)).toBe(0);
  });

  it("labels one slide as 'slide' and any other count as 'slides'", () => {
    expect(slideCountLabel(1)).toBe('1 slide');
    expect(slideCountLabel(2)).toBe('2 slides');
    expect(slideCountLabel(12)).toBe('12 slides');
  });

  it("preloads the next slide, or the next activity's first at the end", () => {
    expect(upcomingSlide(deck, at('a', '1'))?.id).toBe('a2');
    expect(upcomingSlide(deck, at('a', '3'))?.id).toBe('b1');
    expect(upcomingSlide(deck, at('c', '2'))).toBeNull();
  });
});
