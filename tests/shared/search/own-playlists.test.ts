import { beforeEach, describe, expect, it } from 'vitest';
import { db, type PlaylistRecord } from '../../../src/lib/db/database';
import { withOwnPlaylists } from '../../../src/shared/search/device-search';
import type { SearchAnswer } from '../../../src/shared/search/search-cms';

// Online, the teacher's own playlists are found as this device shows them (an edit not yet synced
// included), first, counted, and following the filters; a visitor and another teacher get none.

const catalogue: SearchAnswer = {
  total: 1,
  corrected: null,
  facets: { kind: { activity: 1 }, audience: {}, time: { '10 minutes': 1 } },
  results: [
    {
      kind: 'activity',
      documentId: 'a1',
      title: 'Samba Grooves',
      href: '/activities/a1',
      audience: null,
      place: [],
      time: '10 minutes',
      activityType: null,
      snippet: [],
    },
  ],
};

const playlist = (clientId: string, userId: string, title: string): PlaylistRecord => ({
  clientId,
  userId,
  documentId: null,
  title,
  audienceId: null,
  items: [],
  deleted: false,
  updatedAt: 1,
});

beforeEach(async () => {
  localStorage.setItem('user', JSON.stringify({ id: 7, email: 'teacher@demo.school' }));
  localStorage.setItem('auth', 'token');
  await db.playlists.clear();
  await db.playlists.bulkPut([
    // Synced: it has the CMS's document id, and its page is still addressed by the client id.
    { ...playlist('p1', '7', 'Samba week (renamed offline)'), documentId: 'cms-doc-1' },
    playlist('p2', '8', 'Samba for another teacher'),
    { ...playlist('p3', '7', 'Samba deleted'), deleted: true },
  ]);
});

describe("online search and the teacher's own playlists", () => {
  it('adds them first, counted, as the device shows them', async () => {
    const answer = await withOwnPlaylists(catalogue, { q: 'samba' });
    expect(answer.results.map((hit) => hit.title)).toEqual([
      'Samba week (renamed offline)',
      'Samba Grooves',
    ]);
    expect(answer.results[0]).toMatchObject({ kind: 'playlist', href: '/playlists/p1' });
    expect(answer.total).toBe(2);
    expect(answer.facets.kind).toEqual({ activity: 1, playlist: 1 });
  });

  it('follows the kind filter, and a time filter leaves them out but counted in the facets', async () => {
    expect(
      (await withOwnPlaylists(catalogue, { q: 'samba', kind: 'playlist' })).results[0]?.kind,
    ).toBe('playlist');
    const timed = await withOwnPlaylists(catalogue, { q: 'samba', time: '10 minutes' });
    expect(timed.results.map((hit) => hit.kind)).toEqual(['activity']);
    expect(timed.total).toBe(1);
    expect(timed.facets.kind.playlist).toBe(1);
  });

  it('gives a visitor nothing of anyone', async () => {
    localStorage.removeItem('user');
    localStorage.removeItem('auth');
    expect(await withOwnPlaylists(catalogue, { q: 'samba' })).toEqual(catalogue);
  });
});
