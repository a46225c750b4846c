import { describe, expect, it } from 'vitest';
import {
  createDeviceIndex,
  oneEach,
  openable,
  searchIndex,
  stem,
} from '../../../src/shared/search/device-search';

// Offline search over the device's items: prefixes as typed, typos, English stems, titles above
// text, quoted phrases in order, and the number of items the device holds.

const item = (documentId: string, title: string, body = '', kind = 'activity') => ({
  id: documentId,
  documentId,
  kind,
  title,
  body,
  href: `/x/${documentId}`,
  place: [],
  time: null,
});

const index = createDeviceIndex([
  item('1', 'Samba Grooves', 'Layer the surdo and caixa parts'),
  item('2', 'Echo Clapping', 'Clap a rhythm; the class answers. Samba is mentioned here.'),
  item('3', 'Drumming circles', 'Sit in a circle', 'unit'),
  item('4', 'Call and response', 'The leader calls and the class responds'),
]);
const first = (q: string) => searchIndex(index, { q }, 4).results[0]?.title;

describe('the device search', () => {
  it('finds by prefix, typo and stem, titles first', () => {
    expect(first('sam')).toBe('Samba Grooves');
    expect(first('smaba')).toBe('Samba Grooves');
    expect(first('drum')).toBe('Drumming circles');
    expect(stem('drumming')).toBe('drum');
    expect(first('samba')).toBe('Samba Grooves');
  });

  it('reads a search with typos allowed only when it finds nothing as typed', () => {
    const dances = createDeviceIndex([
      item('5', 'Samba Grooves'),
      item('6', 'Rumba Steps'),
      item('7', 'Salsa Night'),
    ]);
    const titles = (q: string) => searchIndex(dances, { q }, 3).results.map((hit) => hit.title);
    // "rumba" is two edits from "samba": a word found as typed brings no look-alikes with it.
    expect(titles('rumba')).toEqual(['Rumba Steps']);
    expect(titles('samba')).toEqual(['Samba Grooves']);
    // Nothing as typed: the nearest words are found.
    expect(titles('smaba')).toContain('Samba Grooves');
  });

  it('keeps a quoted phrase in order and says how many items the device holds', () => {
    const answer = searchIndex(index, { q: '"call and response"' }, 4);
    expect(answer.results.map((hit) => hit.title)).toEqual(['Call and response']);
    expect(searchIndex(index, { q: '"response and call"' }, 4).results).toEqual([]);
    expect(answer.device).toEqual({ items: 4 });
  });
});

describe('a one-letter word', () => {
  // Checked on what the longer words find (or on every entry, alone) rather than expanded over the
  // whole index: the same entries as the plain search that expands it (every word starting with
  // that letter), typo pass included. Seeded random corpora and queries.
  it('finds exactly the entries the expanded search finds', () => {
    const vocabulary = [
      'samba',
      'surdo',
      'pulse',
      'pattern',
      'pitch',
      'rhythm',
      'beat',
      'body',
      'percussion',
      'melody',
      'harmony',
      'bass',
      'drum',
      'rumba',
      'piano',
      'echo',
    ];
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const words = (count: number) =>
      Array.from({ length: count }, () => vocabulary[random(vocabulary.length)]).join(' ');
    const letters = 'pbsrmhdxz';
    for (let corpus = 0; corpus < 20; corpus += 1) {
      const items = Array.from({ length: 40 }, (_, n) => item(`d${n}`, words(2), words(6)));
      const index = createDeviceIndex(items);
      for (let query = 0; query < 25; query += 1) {
        const parts = [words(random(3)), letters[random(letters.length)]!].filter(Boolean);
        if (random(3) === 0) parts.reverse();
        if (random(4) === 0) parts[0] = parts[0]!.replace(/(.)(.)/, '$2$1'); // a typo
        const q = parts.join(' ');
        const expanded = index.search(q);
        const reference = (
          expanded.length > 0
            ? expanded
            : index.search(q, { fuzzy: (term) => (term.length < 4 ? 0 : term.length < 5 ? 1 : 2) })
        )
          .map((result) => String(result.id))
          .sort();
        const answer = searchIndex(index, { q, limit: 100 }, 40);
        expect(answer.results.map((hit) => hit.documentId).sort(), q).toEqual(reference);
        expect(answer.total, q).toBe(reference.length);
      }
    }
  });
});

describe('what the device holds of one object', () => {
  it("is one entry, opening the object's own page when a stored page is it", () => {
    const listed = {
      ...item('u1', 'Listening and moving', 'Unit 1 of Sound Explorers'),
      href: '/primary/sound-explorers',
    };
    const ownPage = {
      ...item('u1', 'Listening and moving', 'Unit 1'),
      href: '/primary/sound-explorers/unit/u1',
    };
    expect(oneEach([listed, ownPage]).map((entry) => entry.href)).toEqual([
      '/primary/sound-explorers/unit/u1',
    ]);
    expect(oneEach([ownPage, listed]).map((entry) => entry.href)).toEqual([
      '/primary/sound-explorers/unit/u1',
    ]);
    // Neither is its own page: the one with more text.
    expect(oneEach([{ ...ownPage, href: '/a' }, listed]).map((entry) => entry.href)).toEqual([
      '/primary/sound-explorers',
    ]);
  });
});

describe('offline, every result opens', () => {
  const LESSON = '/primary/sound-explorers/unit/u1/lesson/L1';
  const stored = (documentId: string, href: string, ownPage: boolean, shownOn = LESSON) => ({
    ...item(documentId, documentId),
    href,
    shownOn,
    ownPage,
  });

  it('opens the stored page that shows an object whose own page the device does not hold', () => {
    const hrefs = openable([
      stored('L1', LESSON, true),
      stored('a1', `${LESSON}/activity/a1`, false),
      // Another stored page is a2's own: its own page opens.
      stored('a2', `${LESSON}/activity/a2`, false),
      stored('a2', `${LESSON}/activity/a2`, true, `${LESSON}/activity/a2`),
      // Stored before pages were noted: left as it was.
      { ...item('old', 'old'), href: '/x/old' },
    ]).map((entry) => [entry.documentId, entry.href]);
    expect(hrefs).toEqual([
      ['L1', LESSON],
      ['a1', LESSON],
      ['a2', `${LESSON}/activity/a2`],
      ['a2', `${LESSON}/activity/a2`],
      ['old', '/x/old'],
    ]);
  });
});
