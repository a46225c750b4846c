import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../../src/lib/ui/use-document-title';

describe('page titles (spec part 2: the content title, falling back to the product name)', () => {
  it('follow the content title', () => {
    expect(documentTitle('Sound Explorers')).toBe('Sound Explorers | Music Classroom');
  });

  it('fall back to the product name, and never name it twice (the home page)', () => {
    expect(documentTitle(null)).toBe('Music Classroom');
    expect(documentTitle('  ')).toBe('Music Classroom');
    expect(documentTitle('Music Classroom')).toBe('Music Classroom');
    expect(documentTitle('music classroom ')).toBe('Music Classroom');
  });
});
