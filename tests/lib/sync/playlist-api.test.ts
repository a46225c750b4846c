import { PLAYLIST_SYNC_PROTOCOL } from '@music-classroom/shared/playlist-sync-protocol';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { cmsPlaylistApi, withActivityCards } from '../../../src/lib/sync/playlist-api';
import { serverToRecord } from '../../../src/lib/sync/playlist-mapping';
import { server } from '../../support/msw';

// The pull asks for each activity's card once ('shared') and the sync engine still gets
// every item with its card, as it did when each item carried its own.

const card = {
  title: 'Be the Conductor',
  time: '10 minutes',
  type: 'Game',
  introduction: '<p>Lead the band.</p>',
};
const playlist = (items: unknown[]) => ({
  documentId: 'doc-1',
  title: 'Monday',
  client_id: 'pl-1',
  updatedAt: '2026-11-24T09:00:00.000Z',
  version: 3,
  conflicts: null,
  audience: null,
  playlist_item: items,
});
const activityItem = (key: string, documentId: string) => ({
  __typename: 'ComponentPlaylistsActivity',
  id: 1,
  item_key: key,
  title: null,
  context_path: '/primary/activities/-/x',
  item: { documentId },
});
const audioItem = {
  __typename: 'ComponentPlaylistsAudioItem',
  id: 2,
  item_key: 'a',
  title: 'Drum',
  context_path: '/audio',
  item: {
    documentId: 'file-1',
    url: '/uploads/drum.mp3',
    caption: 'Drum',
    name: 'drum.mp3',
    size: 10,
  },
};

describe('withActivityCards', () => {
  it("gives every item naming an activity that activity's card, and leaves audio items as they are", () => {
    const changes = withActivityCards({
      full: true,
      deleted: [],
      cursor: 'c',
      playlists: [playlist([activityItem('k1', 'act-1'), audioItem, activityItem('k2', 'act-1')])],
      activityCards: { 'act-1': card },
    } as never);
    expect(changes).not.toHaveProperty('activityCards');
    const record = serverToRecord(changes.playlists[0]!, 'teacher-1');
    expect(record.items.map((item) => [item.key, item.title, item.details])).toEqual([
      [
        'k1',
        'Be the Conductor',
        { time: '10 minutes', type: 'Game', introduction: '<p>Lead the band.</p>' },
      ],
      ['a', 'Drum', { url: '/uploads/drum.mp3', caption: 'Drum', size: 10 }],
      [
        'k2',
        'Be the Conductor',
        { time: '10 minutes', type: 'Game', introduction: '<p>Lead the band.</p>' },
      ],
    ]);
  });

  it('an item whose activity has no card (no published version, or deleted) is left out, as a deleted one always was', () => {
    const changes = withActivityCards({
      full: false,
      deleted: [],
      cursor: 'c',
      playlists: [
        playlist([
          activityItem('k1', 'gone'),
          activityItem('k2', 'act-1'),
          activityItem('k3', 'toString'),
        ]),
      ],
      activityCards: { 'act-1': card },
    } as never);
    expect(
      serverToRecord(changes.playlists[0]!, 'teacher-1').items.map((item) => item.key),
    ).toEqual(['k2']);
  });

  it('an answer in the old shape (each item with its card) passes through unchanged', () => {
    const old = {
      full: true,
      deleted: [],
      cursor: 'c',
      playlists: [
        playlist([{ ...activityItem('k1', 'act-1'), item: { documentId: 'act-1', ...card } }]),
      ],
    };
    expect(withActivityCards(old as never)).toEqual(old);
  });
});

describe('cmsPlaylistApi.pull', () => {
  it("asks the CMS for shared activity cards and answers the engine's shape", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/playlist-sync/changes', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          full: true,
          deleted: [],
          cursor: 'c',
          playlists: [playlist([activityItem('k1', 'act-1')])],
          activityCards: { 'act-1': card },
        });
      }),
    );
    const changes = await cmsPlaylistApi.pull({ since: 'cursor-1', include: ['pl-2'] });
    expect(bodies[0]).toEqual({
      protocol: PLAYLIST_SYNC_PROTOCOL,
      since: 'cursor-1',
      include: ['pl-2'],
      activityCards: 'shared',
    });
    expect(changes.playlists[0]!.playlist_item[0]!.item).toEqual({ documentId: 'act-1', ...card });
  });
});
