import { beforeEach, describe, expect, it } from 'vitest';
import { CmsError } from '../../../src/lib/cms/errors';
import { db } from '../../../src/lib/db/database';
import type { PlaylistSyncRequest } from '../../../src/lib/sync/playlist-api';
import {
  appendPlaylistItem,
  createPlaylist,
  pendingEditCount,
} from '../../../src/lib/sync/local-writes';
import { syncPlaylists } from '../../../src/lib/sync/replay';
import { FakePlaylistApi } from './fake-playlist-api';

// The CMS refuses a playlist past its bounds (cms/src/utils/playlist-limits.js) with a
// validation error. The teacher must be told which playlist and why, the edit must stay on the
// device, and the other playlists must still sync.
const USER = '7';
const MESSAGE = 'A playlist can hold at most 500 items; this one has 501.';

/** The real CMS's answer to a refused write (a 400 ValidationError), as the REST client throws it. */
class BoundedPlaylistApi extends FakePlaylistApi {
  override sync(request: PlaylistSyncRequest) {
    if (request.operations.filter((op) => op.type === 'addItem').length > 1) {
      const error = {
        status: 400,
        name: 'ValidationError',
        message: MESSAGE,
        details: { errors: [{ path: ['playlist_item'], message: MESSAGE }] },
      };
      return Promise.reject(
        new CmsError(MESSAGE, 400, JSON.stringify({ data: null, error }), {
          playlist_item: MESSAGE,
        }),
      );
    }
    return super.sync(request);
  }
}

const activity = (id: string) => ({
  kind: 'ComponentPlaylistsActivity' as const,
  title: id,
  itemId: id,
  contextPath: `/a/${id}`,
  details: {},
});

beforeEach(async () => {
  await db.playlists.clear();
  await db.outbox.clear();
  await db.meta.clear();
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
    expect(await db.outbox.where('playlistClientId').equals(big.clientId).count()).toBe(3); // create + 2 adds
    expect((await db.playlists.get(small.clientId))?.documentId).toBeTruthy();
    expect(await pendingEditCount(USER)).toBe(3);
    expect([...api.playlists.values()].map((playlist) => playlist.title)).toEqual(['Monday']);
  });
});
