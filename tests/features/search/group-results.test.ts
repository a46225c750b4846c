import { describe, expect, it } from 'vitest';
import { groupByKind, kindHeading } from '../../../src/features/search/utils/group-results';
import type { SearchHit } from '../../../src/shared/search/search-cms';

const hit = (kind: string, title: string) => ({ kind, title, documentId: title }) as SearchHit;

describe('results grouped by type', () => {
  it('groups in the catalogue order, keeping the ranked order inside each group', () => {
    const groups = groupByKind([
      hit('activity', 'A1'),
      hit('programme', 'P1'),
      hit('activity', 'A2'),
      hit('playlist', 'L1'),
      hit('lesson', 'S1'),
    ]);
    expect(groups.map(([kind, hits]) => [kindHeading(kind), hits.map((h) => h.title)])).toEqual([
      ['Programmes', ['P1']],
      ['Lessons', ['S1']],
      ['Activities', ['A1', 'A2']],
      ['Your playlists', ['L1']],
    ]);
  });
});
