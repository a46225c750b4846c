import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/lib/db/database';
import {
  appendPlaylistItem,
  createPlaylist,
  forgetSyncedPlaylists,
  updatePlaylistDetails,
} from '../../../src/lib/sync/local-writes';
import { readPullCursor } from '../../../src/lib/sync/pull-cursor';
import { syncPlaylists } from '../../../src/lib/sync/replay';
import { openNotices } from '../../../src/lib/sync/sync-notices';
import { FakePlaylistApi } from './fake-playlist-api';

// A sync round pulls only what changed since a cursor the device keeps per teacher.
// A quiet reconnect is one request; a round with edits is its pushes plus at most one pull.

const USER = '31';
const activity = (id: string) => ({
  kind: 'ComponentPlaylistsActivity' as const,
  title: `Activity ${id}`,
  itemId: id,
  contextPath: `/primary/activities/-/${id}`,
  details: { time: '5 minutes' },
});
const titles = async () =>
  (await db.playlists.where('userId').equals(USER).toArray())
    .map((playlist) => playlist.title)
    .sort();

/** A device that has synced two playlists once, so it holds a cursor. */
async function syncedDevice() {
  const api = new FakePlaylistApi();
  const first = await createPlaylist(USER, { title: 'Monday', audienceId: null });
  const second = await createPlaylist(USER, { title: 'Friday', audienceId: null });
  await appendPlaylistItem(first.clientId, activity('a'));
  expect((await syncPlaylists(USER, api)).status).toBe('synced');
  api.calls.length = 0;
  api.pulls.length = 0;
  return { api, first, second };
}

beforeEach(async () => {
  await Promise.all([db.playlists.clear(), db.outbox.clear(), db.notices.clear(), db.meta.clear()]);
});

describe('pulls since a cursor', () => {
  it('a reconnect with nothing changed costs one request, answered with nothing', async () => {
    const { api } = await syncedDevice();
    const cursor = await readPullCursor(USER);
    expect(cursor).not.toBeNull();

    const outcome = await syncPlaylists(USER, api);

    expect(outcome).toMatchObject({ status: 'synced', requests: 1 });
    expect(api.calls).toEqual(['pull']);
    expect(api.pulls).toEqual([{ since: cursor, full: false }]);
    expect(await titles()).toEqual(['Friday', 'Monday']);
  });

  it('a round with edits costs its pushes plus one pull', async () => {
    const { api, first, second } = await syncedDevice();
    await appendPlaylistItem(first.clientId, activity('b'));
    await updatePlaylistDetails(second.clientId, { title: 'Friday assembly', audienceId: null });
    await appendPlaylistItem(second.clientId, activity('c'));

    const outcome = await syncPlaylists(USER, api);

    expect(outcome).toMatchObject({ status: 'synced', requests: 3 });
    expect(api.calls).toEqual(['sync', 'sync', 'pull']);
    expect(api.pulls).toEqual([expect.objectContaining({ full: false })]);
    expect(api.itemIds(second.clientId)).toEqual(['c']);
  });

  it('takes changes and deletes made on another device from the delta, saying what was deleted', async () => {
    const { api, first, second } = await syncedDevice();
    api.editRemotely(first.clientId, 'tablet', [
      { type: 'rename', title: 'Monday, renamed there' },
    ]);
    api.editRemotely(second.clientId, 'tablet', [{ type: 'delete' }]);

    const outcome = await syncPlaylists(USER, api);

    expect(api.pulls).toEqual([expect.objectContaining({ full: false })]);
    expect(await titles()).toEqual(['Monday, renamed there']);
    expect(outcome.notices).toEqual(['“Friday” was deleted on another device.']);
    expect((await openNotices(USER)).map((notice) => notice.message)).toEqual([
      '“Friday” was deleted on another device.',
    ]);
  });

  it('pulls everything when the device has no cursor: the first sync, after sign-out, or one the CMS no longer remembers', async () => {
    const api = new FakePlaylistApi();
    await createPlaylist(USER, { title: 'Monday', audienceId: null });
    await syncPlaylists(USER, api);
    expect(api.pulls.map((pull) => [pull.since, pull.full])).toEqual([[null, true]]);

    await forgetSyncedPlaylists(USER);
    expect(await readPullCursor(USER)).toBeNull();
    expect(await titles()).toEqual([]);
    await syncPlaylists(USER, api);
    expect(api.pulls.at(-1)).toMatchObject({ since: null, full: true });
    expect(await titles()).toEqual(['Monday']);

    // Too old: the whole library comes back, and what is missing from it was deleted elsewhere.
    const gone = (await db.playlists.toArray())[0]!;
    api.editRemotely(gone.clientId, 'tablet', [{ type: 'delete' }]);
    api.forgottenBefore = Number.MAX_SAFE_INTEGER;
    const outcome = await syncPlaylists(USER, api);
    expect(api.pulls.at(-1)).toMatchObject({ full: true });
    expect(await titles()).toEqual([]);
    expect(outcome.notices).toEqual(['“Monday” was deleted on another device.']);
  });

  it('keeps the cursor when a pull fails, and pulls from it again', async () => {
    const { api, first } = await syncedDevice();
    const cursor = await readPullCursor(USER);
    api.editRemotely(first.clientId, 'tablet', [
      { type: 'rename', title: 'Renamed while the pull failed' },
    ]);
    api.failNext('pull', 'drop-response');
    expect((await syncPlaylists(USER, api)).status).toBe('offline');
    expect(await readPullCursor(USER)).toBe(cursor);

    await syncPlaylists(USER, api);
    expect(api.pulls.map((pull) => pull.since)).toEqual([cursor, cursor]);
    expect((await db.playlists.get(first.clientId))!.title).toBe('Renamed while the pull failed');
  });

  it('asks by name for playlists whose items it lacks card details for, until it has them', async () => {
    const { api, first } = await syncedDevice();
    const other = {
      key: 'theirs',
      kind: 'ComponentPlaylistsAudioItem' as const,
      itemId: 'theirs',
      title: 'Theirs',
      contextPath: '/x',
    };
    api.editRemotely(first.clientId, 'tablet', [{ type: 'addItem', item: other, after: null }]);
    // An edit made while the pull is on its way: the pull's copy of the playlist is not taken.
    const pull = api.pull.bind(api);
    let edited = false;
    api.pull = async (request) => {
      if (!edited) {
        edited = true;
        await appendPlaylistItem(first.clientId, activity('mine'));
      }
      return pull(request);
    };
    await syncPlaylists(USER, api);
    expect((await db.playlists.get(first.clientId))!.items.map((item) => item.itemId)).toEqual([
      'a',
      'mine',
    ]);

    // The next round sends 'mine'; the answer names 'theirs', which the same round's pull asks for.
    await syncPlaylists(USER, api);
    expect(api.pulls.at(-1)).toMatchObject({ full: false, include: [first.clientId] });
    const items = (await db.playlists.get(first.clientId))!.items;
    const details = Object.fromEntries(items.map((item) => [item.itemId, item.details]));
    expect(details).toEqual({
      theirs: { url: '/uploads/theirs.mp3', caption: null },
      a: { time: '5 minutes' },
      mine: { time: '5 minutes' },
    });
    expect(items.map((item) => item.itemId)).toEqual(api.itemIds(first.clientId));
    await syncPlaylists(USER, api);
    expect(api.pulls.at(-1)).not.toHaveProperty('include');
  });

  it("a push answered 'deleted' still costs only one pull", async () => {
    const { api, first } = await syncedDevice();
    api.editRemotely(first.clientId, 'tablet', [{ type: 'delete' }]);
    await appendPlaylistItem(first.clientId, activity('kept'));
    const outcome = await syncPlaylists(USER, api);
    expect(api.calls.filter((call) => call === 'pull')).toHaveLength(1);
    expect(outcome.notices).toEqual([
      '“Monday” was deleted on another device. Your changes on this device were kept, so it has been saved again.',
    ]);
    expect(api.itemIds(first.clientId)).toEqual(['a', 'kept']);
  });
});
