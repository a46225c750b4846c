import { describe, expect, it } from 'vitest';
import {
  libraryNeighbours,
  tagsFrom,
} from '../../../src/features/at-home/utils/library-neighbours';
import { decodeAtHomeLibrary, encodeAtHomeLibrary } from '../../../src/lib/content/at-home-link';

const list = [{ documentId: 'a' }, { documentId: 'b' }, { documentId: 'c' }];

describe('at-home pages', () => {
  it("finds 'Previous activity' and 'Next activity' within the library, none past either end", () => {
    expect(libraryNeighbours(list, 'a')).toEqual({ previous: null, next: { documentId: 'b' } });
    expect(libraryNeighbours(list, 'b')).toEqual({
      previous: { documentId: 'a' },
      next: { documentId: 'c' },
    });
    expect(libraryNeighbours(list, 'c')).toEqual({ previous: { documentId: 'b' }, next: null });
    expect(libraryNeighbours(list, 'zzz')).toEqual({ previous: null, next: null });
  });

  it('decodes the library id from a shared link, and nothing from a broken one', () => {
    expect(decodeAtHomeLibrary(encodeAtHomeLibrary(12, 34))).toBe(12);
    expect(decodeAtHomeLibrary('not-a-code!')).toBeNull();
    expect(decodeAtHomeLibrary(encodeAtHomeLibrary(12, 34).slice(0, 4))).toBeNull();
  });

  it('splits music and equipment text into tags', () => {
    expect(tagsFrom('Drums, shakers\nVoice')).toEqual(['Drums', 'shakers', 'Voice']);
    expect(tagsFrom(null)).toEqual([]);
  });
});
