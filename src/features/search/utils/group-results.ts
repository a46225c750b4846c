import type { SearchHit } from '../../../shared/search/search-cms';

/** The order result groups appear in: the catalogue's own order, then the teacher's things. */
const ORDER = [
  'programme',
  'unit',
  'lesson',
  'activity',
  'activity section',
  'recording',
  'live programme',
  'live production',
  'CPD event',
  'CPD session',
  'playlist',
  'custom unit',
];

const HEADINGS: Record<string, string> = {
  programme: 'Programmes',
  unit: 'Units',
  lesson: 'Lessons',
  activity: 'Activities',
  'activity section': 'Activity sections',
  recording: 'Recordings',
  'live programme': 'Live programmes',
  'live production': 'Live productions',
  'CPD event': 'CPD events',
  'CPD session': 'CPD sessions',
  playlist: 'Your playlists',
  'custom unit': 'Your units',
};

export const kindHeading = (kind: string) => HEADINGS[kind] ?? kind;

/** Hits grouped by kind, groups in ORDER, hits in their ranked order within each group. */
export function groupByKind(hits: SearchHit[]): [string, SearchHit[]][] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) groups.set(hit.kind, [...(groups.get(hit.kind) ?? []), hit]);
  const rank = (kind: string) => (ORDER.includes(kind) ? ORDER.indexOf(kind) : ORDER.length);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b));
}
