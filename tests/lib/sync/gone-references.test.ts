import { beforeEach, describe, expect, it } from 'vitest';
import { CmsError } from '../../../src/lib/cms/errors';
import { db } from '../../../src/lib/db/database';
import { onAudiencesGone } from '../../../src/lib/sync/audiences-gone';
import {
  goneReferenceMessage,
  rememberAudienceTitles,
} from '../../../src/lib/sync/gone-references';
import {
  appendPlaylistItem,
  createPlaylist,
  pendingEditCount,
  updatePlaylistDetails,
} from '../../../src/lib/sync/local-writes';
import type { PlaylistSyncRequest } from '../../../src/lib/sync/playlist-api';
import { UNKNOWN_FAILURE, UNKNOWN_REFUSAL } from '../../../src/lib/sync/plain-errors';
import { syncPlaylists } from '../../../src/lib/sync/replay';
import { openNotices } from '../../../src/lib/sync/sync-notices';
import { FakePlaylistApi } from './fake-playlist-api';

// A teacher's edit may name something the CMS deletes before the edit reaches it (an audience, an
// activity). The CMS applies the rest and names what it left out; the device shows the CMS's
// playlist and tells the teacher in plain words. Nothing else the teacher did is lost, and no raw
// CMS message ever reaches the screen.
const USER = '7';
const activity = (id: string) => ({
  kind: 'ComponentPlaylistsActivity' as const,
  title: `Activity ${id}`,
  itemId: id,
  contextPath: `/primary/activities/-/${id}`,
  details: {},
});
const noticeTexts = async () => (await openNotices(USER)).map((notice) => notice.message);

beforeEach(async () => {
  await Promise.all([db.playlists.clear(), db.outbox.clear(), db.notices.clear(), db.meta.clear()]);
});

describe('the notice for a reference the CMS no longer has', () => {
  it('names the audience and the playlist, or the item and the playlist, in plain words', () => {
    expect(goneReferenceMessage('Monday warm-ups', { type: 'audience', id: 'a1' }, 'Temp')).toBe(
      'The audience “Temp” no longer exists, so “Monday warm-ups” has no audience now.',
    );
    expect(goneReferenceMessage('Monday warm-ups', { type: 'audience', id: 'a1' })).toBe(
      'The audience chosen for “Monday warm-ups” no longer exists, so it has no audience now.',
    );
    expect(
      goneReferenceMessage('Monday warm-ups', {
        type: 'item',
        id: 'x',
        key: 'k',
        title: 'Hello Song',
      }),
    ).toBe('“Hello Song” is no longer available, so it was taken out of “Monday warm-ups”.');
  });
});

describe('syncPlaylists with references the CMS no longer has', () => {
  it('applies the rename, shows the playlist with no audience and without the gone item, and tells the teacher why', async () => {
    const api = new FakePlaylistApi();
    await rememberAudienceTitles([
      { documentId: 'aud-temp', title: 'Temp' },
      { documentId: 'aud-1', title: 'Primary' },
    ]);
    const playlist = await createPlaylist(USER, { title: 'Warm-ups', audienceId: 'aud-1' });
    await appendPlaylistItem(playlist.clientId, activity('a'));
    expect((await syncPlaylists(USER, api)).status).toBe('synced');

    // Offline: a rename, the audience Temp and a new item; meanwhile the editor deletes Temp and
    // the activity page.
    await updatePlaylistDetails(playlist.clientId, {
      title: 'Monday warm-ups',
      audienceId: 'aud-temp',
    });
    await appendPlaylistItem(playlist.clientId, activity('gone-page'));
    api.goneIds.add('aud-temp');
    api.goneIds.add('gone-page');
    let refreshes = 0;
    const stop = onAudiencesGone(() => (refreshes += 1));

    const outcome = await syncPlaylists(USER, api);
    stop();
    expect(outcome.status).toBe('synced');
    expect(await pendingEditCount(USER)).toBe(0);
    const local = (await db.playlists.get(playlist.clientId))!;
    expect(local).toMatchObject({ title: 'Monday warm-ups', audienceId: null });
    expect(local.items.map((item) => item.itemId)).toEqual(['a']);
    expect(api.byClientId(playlist.clientId)).toMatchObject({
      title: 'Monday warm-ups',
      audienceId: null,
    });
    const told = [
      'The audience “Temp” no longer exists, so “Monday warm-ups” has no audience now.',
      '“Activity gone-page” is no longer available, so it was taken out of “Monday warm-ups”.',
    ];
    expect(outcome.notices).toEqual(told);
    // Stored notices made in the same millisecond have no order among them.
    expect((await noticeTexts()).sort()).toEqual([...told].sort());
    // The audience lists are asked for again, so the picker stops offering Temp.
    expect(refreshes).toBe(1);

    // Nothing more to tell on the next round.
    expect((await syncPlaylists(USER, api)).notices).toEqual([]);
  });
});

/** A CMS that answers every sync with the given error. */
class FailingPlaylistApi extends FakePlaylistApi {
  constructor(private readonly error: CmsError) {
    super();
  }
  override sync(_request: PlaylistSyncRequest) {
    return Promise.reject(this.error);
  }
}

describe('what the CMS says reaches the teacher only in plain words', () => {
  it('a refusal in words not written for a teacher is shown as a plain fallback', async () => {
    const raw = 'Document with id "spqam7kvp4jdywzfiw1g2p62", locale "null" not found';
    const api = new FailingPlaylistApi(new CmsError(raw, 400));
    await createPlaylist(USER, { title: 'Monday warm-ups', audienceId: null });
    const outcome = await syncPlaylists(USER, api);
    expect(outcome).toMatchObject({
      status: 'refused',
      error: `“Monday warm-ups” was not saved: ${UNKNOWN_REFUSAL}`,
    });
    expect(outcome.error).not.toContain('Document with id');
    expect((await db.outbox.toArray())[0]!.lastError).not.toContain('Document with id');
  });

  it('a server error is told as a plain fallback, not the CMS’s text', async () => {
    const api = new FailingPlaylistApi(
      new CmsError('Internal Server Error: relation "x" does not exist', 500),
    );
    await createPlaylist(USER, { title: 'Monday warm-ups', audienceId: null });
    expect(await syncPlaylists(USER, api)).toMatchObject({
      status: 'failed',
      error: UNKNOWN_FAILURE,
    });
  });
});
