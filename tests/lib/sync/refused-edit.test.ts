import { beforeEach, describe, expect, it } from 'vitest';
import { CmsError } from '../../../src/lib/cms/errors';
import { db, type PlaylistRecord } from '../../../src/lib/db/database';
import { appendPlaylistItem, createPlaylist, pendingEditCount } from '../../../src/lib/sync/local-writes';
import { syncPlaylists } from '../../../src/lib/sync/replay';
import { FakePlaylistApi } from './fake-playlist-api';

// Issue 17: the CMS refuses a playlist past its bounds (cms/src/utils/playlist-limits.js) with a
// validation error. The teacher must be told which playlist and why, the edit must stay on the
// device, and the other playlists must still sync.
const USER = '7';
const MESSAGE = 'A playlist can hold at most 500 items; this one has 501.';

/** The real CMS's answer to a refused write, as the GraphQL client turns it into a CmsError. */
class BoundedPlaylistApi extends FakePlaylistApi {
  override create(record: PlaylistRecord) {
    if (record.items.length > 1) {
      const errors = [{ message: MESSAGE, extensions: { code: 'BAD_USER_INPUT', error: { name: 'ValidationError' } } }];
      return Promise.reject(new CmsError(MESSAGE, 200, JSON.stringify(errors), { playlist_item: MESSAGE }));
    }
    return super.create(record);
  }
}

const activity = (id: string) => ({ kind: 'ComponentPlaylistsActivity' as const, title: id, itemId: id, contextPath: `/a/${id}`, details: {} });

beforeEach(async () => {
  await db.playlists.clear();
  await db.outbox.clear();
});

describe('a change the CMS refuses', () => {
  it('names the playlist and the reason, keeps the edit on the device, and syncs the others', async () => {
    const api = new BoundedPlaylistApi();
    const big = await createPlaylist(USER, { title: 'Whole term', audienceId: null });
    await appendPlaylistItem(big.clientId, activity('a'));
    await appendPlaylistItem(big.clientId, activity('b'));
    const small = await createPlaylist(USER, { title: 'Monday', audienceId: null });

    const outcome = await syncPlaylists(USER, api);

    expect(outcome.status).toBe('refused');
    expect(outcome.error).toBe(`“Whole term” was not saved: ${MESSAGE}`);
    expect((await db.playlists.get(big.clientId))?.items).toHaveLength(2);
    expect(await db.outbox.where('playlistClientId').equals(big.clientId).count()).toBe(3);
    expect((await db.playlists.get(small.clientId))?.documentId).not.toBeNull();
    expect(await pendingEditCount(USER)).toBe(3);
    expect([...api.playlists.values()].map((playlist) => playlist.title)).toEqual(['Monday']);
  });
});
