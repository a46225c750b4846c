import { describe, expect, it } from 'vitest';
import type { PlaylistRecord } from '../../../src/lib/db/database';
import type { CustomLessonSlideShowData } from '../../../src/features/lesson-mode/api/custom-lesson-slide-show';
import {
  NO_LONGER_AVAILABLE,
  NO_SLIDES,
  SUBSCRIPTION_NEEDED,
} from '../../../src/features/lesson-mode/model/availability';
import { lessonSlides } from '../../../src/features/lesson-mode/model/deck';
import {
  customLessonActivities,
  lessonDeck,
  playlistDeck,
  type SlideShowsById,
} from '../../../src/features/lesson-mode/model/family-decks';
import { resolvePosition, slideLinks } from '../../../src/features/lesson-mode/model/navigation';
import { lesson, PATHS, slide } from './fixtures';

describe('include_in_lesson', () => {
  it('leaves out slides marked not for the lesson, and keeps those without the flag', () => {
    const slides = [
      slide('1'),
      slide('2', { include_in_lesson: false }),
      slide('3', { include_in_lesson: null }),
    ];
    expect(lessonSlides({ activity_slides: slides }).map((s) => s.id)).toEqual(['1', '3']);
  });

  it('counts only the slides shown in the lesson deck', () => {
    const deck = lessonDeck(
      lesson([['a', [slide('1'), slide('2', { include_in_lesson: false })]]]),
      PATHS,
    );
    expect(deck.entries[0]).toMatchObject({ kind: 'activity', slides: [{ id: '1' }] });
  });

  it('hides an activity whose every slide is left out', () => {
    const deck = lessonDeck(
      lesson([
        ['a', [slide('1', { include_in_lesson: false })]],
        ['b', [slide('2')]],
      ]),
      PATHS,
    );
    expect(deck.entries.map((entry) => entry.kind === 'activity' && entry.key)).toEqual(['b']);
  });
});

describe('playlistDeck', () => {
  const playlist: PlaylistRecord = {
    clientId: 'seed-subscriber-playlist',
    userId: '1',
    documentId: 'p1',
    title: 'Monday morning warm-ups',
    audienceId: null,
    deleted: false,
    updatedAt: 0,
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
        contextPath: '/audiolibrary/page/1',
        details: { url: '/uploads/hello.mp3', caption: 'Full performance' },
      },
      {
        key: 'k4',
        kind: 'ComponentPlaylistsAudioItem',
        title: 'Broken audio',
        itemId: 'file2',
        contextPath: '',
        details: {},
      },
      {
        key: 'k5',
        kind: 'ComponentPlaylistsActivity',
        title: 'Missing',
        itemId: 'gone',
        contextPath: '',
        details: {},
      },
    ],
  };
  const slideshows: SlideShowsById = new Map([
    ['echo', { documentId: 'echo', title: 'Echo Clapping', activity_slideshow: null }],
    [
      'hello',
      {
        documentId: 'hello',
        title: 'Hello Song',
        activity_slideshow: {
          documentId: 's',
          title: 's',
          activity_slides: [slide('h1'), slide('h2')],
        },
      },
    ],
  ]);
  const deck = playlistDeck(playlist, slideshows, {
    basePath: '/playlists/seed-subscriber-playlist/slides',
    exitPath: '/playlists/seed-subscriber-playlist',
  });

  it('lists every activity, one without slides marked so with a link to its page, numbered among the shown items', () => {
    expect(
      deck.entries.map(
        (entry) =>
          entry.kind === 'activity' && [
            entry.key,
            entry.title,
            entry.slides.length,
            entry.unavailable ?? null,
            entry.link?.path ?? null,
          ],
      ),
    ).toEqual([
      ['1', 'Echo Clapping', 0, NO_SLIDES, '/primary/activities/w/echo'],
      ['2', 'Hello Song', 2, null, null],
      ['3', 'Hello song recording', 1, null, null],
      ['4', 'Missing', 0, NO_LONGER_AVAILABLE, null],
    ]);
    // Listed, but never a stop when the class moves through the slides.
    const hello = resolvePosition(deck, { entry: '2', slide: '1' });
    if (hello.kind !== 'slide') throw new Error('expected a slide');
    expect(slideLinks(deck, hello).previousActivity).toBeNull();
  });

  it('lists each activity with the subscription it needs for a teacher without content access, audio still playing', () => {
    const trial = playlistDeck(playlist, new Map(), deck, new Map(), false);
    expect(
      trial.entries.map(
        (entry) =>
          entry.kind === 'activity' && [entry.key, entry.unavailable ?? null, entry.link ?? null],
      ),
    ).toEqual([
      ['1', SUBSCRIPTION_NEEDED, { label: 'Subscribe now', path: '/subscribe' }],
      ['2', SUBSCRIPTION_NEEDED, { label: 'Subscribe now', path: '/subscribe' }],
      ['3', null, null],
      ['4', SUBSCRIPTION_NEEDED, { label: 'Subscribe now', path: '/subscribe' }],
    ]);
    expect(resolvePosition(trial, { entry: '3' }).kind).toBe('slide');
  });

  it('shows an audio item as one audio slide', () => {
    const position = resolvePosition(deck, { entry: '3' });
    expect(position).toMatchObject({
      kind: 'slide',
      slide: {
        slide_template: 'audio',
        title: 'Hello song recording',
        audio: { url: '/uploads/hello.mp3', caption: 'Full performance' },
      },
    });
  });

  it('lists an activity whose slideshow could not be read with the reason, and moves past it', () => {
    const offline = playlistDeck(
      playlist,
      new Map([slideshows.get('hello')!].map((show) => [show.documentId, show])),
      deck,
      new Map([['echo', 'Not available offline']]),
    );
    expect(
      offline.entries.map(
        (entry) => entry.kind === 'activity' && [entry.key, entry.title, entry.unavailable ?? null],
      ),
    ).toEqual([
      ['1', 'Echo Clapping', 'Not available offline'],
      ['2', 'Hello Song', null],
      ['3', 'Hello song recording', null],
      ['4', 'Missing', NO_LONGER_AVAILABLE],
    ]);
    expect(resolvePosition(offline, { entry: '1' })).toMatchObject({
      kind: 'unavailable',
      activity: { title: 'Echo Clapping' },
    });
    const last = resolvePosition(offline, { entry: '2', slide: '2' });
    if (last.kind !== 'slide') throw new Error('expected a slide');
    expect(slideLinks(offline, last).nextActivity).toBe(
      '/playlists/seed-subscriber-playlist/slides/3/1',
    );
    const first = resolvePosition(offline, { entry: '2', slide: '1' });
    if (first.kind !== 'slide') throw new Error('expected a slide');
    expect(slideLinks(offline, first).previousActivity).toBeNull();
  });

  it('exits to the playlist page and has an overview', () => {
    expect(deck).toMatchObject({
      keyed: true,
      exitPath: '/playlists/seed-subscriber-playlist',
      title: 'Monday morning warm-ups',
    });
    expect(resolvePosition(deck, {}).kind).toBe('overview');
  });
});

describe('customLessonActivities', () => {
  const data: CustomLessonSlideShowData = {
    customScheme: {
      documentId: 'unit',
      title: 'My unit',
      learning_strands: [
        { documentId: 'A', combination_key: 'A' },
        { documentId: 'B', combination_key: 'B' },
      ],
      audience: { slug: 'primary' },
      programme: { slug: 'sound-explorers' },
    },
    customSchemePlans: [
      {
        documentId: 'other',
        audience: { slug: 'primary' },
        programme: { slug: 'rhythm-makers' },
        lesson_plans: [
          {
            id: '2',
            title: 'Wrong programme',
            disable_lesson_mode: false,
            activities_above: [],
            activities: [],
            activity_pool: [],
          },
        ],
      },
      {
        documentId: 'plan',
        audience: { slug: 'primary' },
        programme: { slug: 'sound-explorers' },
        lesson_plans: [
          {
            id: '2',
            title: 'Singing and pulse',
            disable_lesson_mode: false,
            combination_key_configurations: [{ combination_key: 'A' }, { combination_key: 'B' }],
            activities_above: [{ documentId: 'echo', title: 'Echo' }],
            activities: [{ documentId: 'hello', title: 'Hello' }],
            activity_pool: [
              {
                learning_strand: { documentId: 'A' },
                activity: { documentId: 'lullaby', title: 'Lullaby' },
              },
              {
                learning_strand: { documentId: 'E' },
                activity: { documentId: 'march', title: 'March' },
              },
            ],
          },
        ],
      },
    ],
  };

  it("keeps the plan's activities and the pool entries of the unit's strands, in order", () => {
    expect(customLessonActivities(data, '2')).toEqual({
      title: 'Singing and pulse',
      disabled: false,
      activities: [
        { documentId: 'echo', title: 'Echo' },
        { documentId: 'hello', title: 'Hello' },
        { documentId: 'lullaby', title: 'Lullaby' },
      ],
    });
  });

  it("finds no plan whose combination keys miss the unit's strands", () => {
    const onlyE = {
      ...data,
      customScheme: {
        ...data.customScheme!,
        learning_strands: [{ documentId: 'E', combination_key: 'E' }],
      },
    };
    expect(customLessonActivities(onlyE, '2')).toBeNull();
  });

  it('finds nothing for an unknown plan or unit', () => {
    expect(customLessonActivities(data, '9')).toBeNull();
    expect(customLessonActivities({ ...data, customScheme: null }, '2')).toBeNull();
  });
});
