import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/lib/db/database';
import {
  appendPlaylistItem,
  createPlaylist,
  deletePlaylist,
  pendingEditCount,
  replacePlaylistItems,
  updatePlaylistDetails,
} from '../../../src/lib/sync/local-writes';
import { UNKNOWN_FAILURE } from '../../../src/lib/sync/plain-errors';
import { syncPlaylists } from '../../../src/lib/sync/replay';
import { deviceId, keepAsNewPlaylist, openNotices } from '../../../src/lib/sync/sync-notices';
import type { PlaylistSyncRequest } from '../../../src/lib/sync/playlist-api';
import { FakePlaylistApi } from './fake-playlist-api';

const USER = '7';
const activity = (id: string) => ({
  kind: 'ComponentPlaylistsActivity' as const,
  title: `Activity ${id}`,
  itemId: id,
  contextPath: `/primary/activities/-/${id}`,
  details: {},
});
const audio = (id: string) => ({
  kind: 'ComponentPlaylistsAudioItem' as const,
  title: `Recording ${id}`,
  itemId: id,
  contextPath: `/audiolibrary/page/${id}`,
  details: { url: `/uploads/${id}.mp3` },
});
const localItems = async (clientId: string) =>
  (await db.playlists.get(clientId))!.items.map((item) => item.itemId);
const noticeTexts = async () => (await openNotices(USER)).map((notice) => notice.message);

beforeEach(async () => {
  await Promise.all([
    db.playlists.clear(),
    db.outbox.clear(),
    db.notices.clear(),
    db.meta.where('key').startsWith('playlists-cursor:').delete(),
  ]);
});

describe('syncPlaylists: operations, not snapshots', () => {
  it("sends a playlist's many edits in one request and ends with the CMS holding exactly what the device shows", async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Warm-ups', audienceId: 'aud-1' });
    await appendPlaylistItem(playlist.clientId, activity('a'));
    await appendPlaylistItem(playlist.clientId, audio('b'));
    await appendPlaylistItem(playlist.clientId, activity('c'));
    const local = (await db.playlists.get(playlist.clientId))!;
    await replacePlaylistItems(playlist.clientId, [local.items[2]!, local.items[0]!]);
    await updatePlaylistDetails(playlist.clientId, {
      title: 'Monday warm-ups',
      audienceId: 'aud-2',
    });
    // create, 3 adds, 1 remove + 1 move, rename, audience
    expect(await pendingEditCount(USER)).toBe(8);

    const outcome = await syncPlaylists(USER, api);

    expect(outcome).toMatchObject({ status: 'synced', requests: 2 });
    expect(api.calls).toEqual(['sync', 'pull']);
    expect(api.byClientId(playlist.clientId)).toMatchObject({
      title: 'Monday warm-ups',
      audienceId: 'aud-2',
      version: 1,
    });
    expect(api.itemIds(playlist.clientId)).toEqual(['c', 'a']);
    expect(await localItems(playlist.clientId)).toEqual(['c', 'a']);
    expect(await pendingEditCount(USER)).toBe(0);
    expect((await db.playlists.get(playlist.clientId))!).toMatchObject({
      version: 1,
      documentId: api.byClientId(playlist.clientId)!.documentId,
    });
  });

  it('sends one request per playlist touched (plus the one pull)', async () => {
    const api = new FakePlaylistApi();
    const first = await createPlaylist(USER, { title: 'One', audienceId: null });
    const second = await createPlaylist(USER, { title: 'Two', audienceId: null });
    await syncPlaylists(USER, api);
    api.calls.length = 0;
    for (let i = 0; i < 10; i += 1) {
      await appendPlaylistItem(second.clientId, activity(`s${i}`));
      await appendPlaylistItem(first.clientId, activity(`f${i}`));
    }
    const outcome = await syncPlaylists(USER, api);
    expect(api.calls).toEqual(['sync', 'sync', 'pull']);
    expect(outcome.requests).toBe(3);
    expect(api.itemIds(second.clientId)).toEqual(Array.from({ length: 10 }, (_, i) => `s${i}`));
  });

  it('replays after a lost answer without applying anything twice or raising a notice', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Lost answer', audienceId: null });
    await syncPlaylists(USER, api);
    await appendPlaylistItem(playlist.clientId, activity('a'));
    await updatePlaylistDetails(playlist.clientId, { title: 'Renamed', audienceId: null });
    api.failNext('sync', 'drop-response');

    const firstTry = await syncPlaylists(USER, api);
    expect(firstTry.status).toBe('offline');
    expect(api.itemIds(playlist.clientId)).toEqual(['a']); // it did reach the CMS
    expect(await pendingEditCount(USER)).toBe(2);
    await appendPlaylistItem(playlist.clientId, activity('b'));

    const secondTry = await syncPlaylists(USER, api);
    expect(secondTry).toMatchObject({ status: 'synced', notices: [] });
    expect(api.playlists.size).toBe(1);
    expect(api.itemIds(playlist.clientId)).toEqual(['a', 'b']);
    expect(api.byClientId(playlist.clientId)!.conflicts).toEqual([]);
    expect(await noticeTexts()).toEqual([]);
    expect(await pendingEditCount(USER)).toBe(0);
  });

  it("keeps both devices' edits that do not clash, and tells only the device whose rename lost", async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Year 3 warm-ups', audienceId: null });
    for (const id of ['a', 'b', 'c']) await appendPlaylistItem(playlist.clientId, activity(id));
    await syncPlaylists(USER, api);
    const [a, b, c] = (await db.playlists.get(playlist.clientId))!.items;

    // Another device of the same teacher, offline meanwhile, synced first: removed b, added d, renamed.
    api.editRemotely(playlist.clientId, 'tablet', [
      { type: 'removeItem', key: b!.key },
      {
        type: 'addItem',
        item: {
          key: 'd-key',
          kind: 'ComponentPlaylistsActivity',
          itemId: 'd',
          title: 'd',
          contextPath: '/d',
        },
        after: c!.key,
      },
      { type: 'rename', title: 'Warm ups' },
    ]);
    // This device: moved c first, added e, renamed.
    await replacePlaylistItems(playlist.clientId, [c!, a!, b!]);
    await appendPlaylistItem(playlist.clientId, activity('e'));
    await updatePlaylistDetails(playlist.clientId, { title: 'Y3 warm ups', audienceId: null });

    const outcome = await syncPlaylists(USER, api);
    expect(outcome.status).toBe('synced');
    // Nothing of either device lost: b removed (there), c moved first and e added (here), d added (there).
    expect(api.itemIds(playlist.clientId)).toEqual(['c', 'a', 'd', 'e']);
    expect(api.byClientId(playlist.clientId)!.title).toBe('Y3 warm ups');
    // The device shows exactly what the CMS holds.
    expect(await localItems(playlist.clientId)).toEqual(['c', 'a', 'd', 'e']);
    expect((await db.playlists.get(playlist.clientId))!.title).toBe('Y3 warm ups');
    // The tablet's rename lost: the CMS recorded it for the tablet, not for this device.
    expect(api.byClientId(playlist.clientId)!.conflicts).toEqual([
      expect.objectContaining({
        device: 'tablet',
        message:
          '“Year 3 warm-ups”: your rename to “Warm ups” was replaced by “Y3 warm ups” from another device.',
      }),
    ]);
    expect(await noticeTexts()).toEqual([]);
  });

  it('stores the notice of a lost rename on the device until it is dismissed', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Year 3 warm-ups', audienceId: null });
    await syncPlaylists(USER, api);
    await updatePlaylistDetails(playlist.clientId, { title: 'Warm ups', audienceId: null });
    await syncPlaylists(USER, api);
    // The tablet renames, not having seen this device's rename (it was at version 1).
    api.apply({
      clientId: playlist.clientId,
      device: 'tablet',
      baseVersion: 1,
      operations: [{ id: 't1', type: 'rename', title: 'Y3 warm ups' }],
    });

    await syncPlaylists(USER, api);
    await syncPlaylists(USER, api); // pulling the same clash again shows it once
    expect(await noticeTexts()).toEqual([
      '“Year 3 warm-ups”: your rename to “Warm ups” was replaced by “Y3 warm ups” from another device.',
    ]);
    expect((await db.playlists.get(playlist.clientId))!.title).toBe('Y3 warm ups');
    expect(api.byClientId(playlist.clientId)!.conflicts[0]!.device).toBe(await deviceId());
  });

  it('keeps the outbox on a 401, a server error or no network, and replays it later', async () => {
    const api = new FakePlaylistApi();
    await createPlaylist(USER, { title: 'Kept', audienceId: null });
    api.failNext('sync', 'unauthorized');
    expect(await syncPlaylists(USER, api)).toMatchObject({ status: 'unauthorized' });
    api.failNext('sync', 'server-error');
    expect(await syncPlaylists(USER, api)).toMatchObject({
      status: 'failed',
      error: UNKNOWN_FAILURE,
    });
    api.failNext('sync', 'network');
    expect(await syncPlaylists(USER, api)).toMatchObject({ status: 'offline' });
    expect(api.playlists.size).toBe(0);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      attempts: 3,
      lastError: 'The content service could not be reached.',
    });

    expect((await syncPlaylists(USER, api)).status).toBe('synced');
    expect(api.playlists.size).toBe(1);
    expect(await pendingEditCount(USER)).toBe(0);
  });

  it('deletes: a delete wins over edits made elsewhere, and a never-synced playlist leaves no trace', async () => {
    const api = new FakePlaylistApi();
    const synced = await createPlaylist(USER, { title: 'Doomed', audienceId: null });
    await syncPlaylists(USER, api);
    api.editRemotely(synced.clientId, 'tablet', [
      { type: 'rename', title: 'Edited on the tablet' },
    ]);
    await deletePlaylist(synced.clientId);
    const shortLived = await createPlaylist(USER, { title: 'Short-lived', audienceId: null });
    await deletePlaylist(shortLived.clientId);

    const outcome = await syncPlaylists(USER, api);
    expect(outcome.status).toBe('synced');
    expect(api.playlists.size).toBe(0);
    expect(await db.playlists.count()).toBe(0);
    expect(await pendingEditCount(USER)).toBe(0);
  });

  it('takes remote changes with nothing pending and drops remote deletes, saying so', async () => {
    const api = new FakePlaylistApi();
    const remote = await createPlaylist(USER, { title: 'Edited there', audienceId: null });
    const gone = await createPlaylist(USER, { title: 'Deleted there', audienceId: null });
    await syncPlaylists(USER, api);
    api.editRemotely(remote.clientId, 'laptop', [
      { type: 'rename', title: 'Renamed on the laptop' },
    ]);
    api.editRemotely(gone.clientId, 'laptop', [{ type: 'delete' }]);

    const outcome = await syncPlaylists(USER, api);
    expect(outcome.status).toBe('synced');
    expect((await db.playlists.get(remote.clientId))!.title).toBe('Renamed on the laptop');
    expect(await db.playlists.get(gone.clientId)).toBeUndefined();
    expect(outcome.notices).toEqual(['“Deleted there” was deleted on another device.']);
    expect(await noticeTexts()).toEqual(['“Deleted there” was deleted on another device.']);
  });

  it('saves again a playlist edited here but deleted on another device, and says so', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Resilient', audienceId: null });
    await appendPlaylistItem(playlist.clientId, activity('w'));
    await syncPlaylists(USER, api);
    api.editRemotely(playlist.clientId, 'laptop', [{ type: 'delete' }]);
    await appendPlaylistItem(playlist.clientId, activity('x'));

    const outcome = await syncPlaylists(USER, api);
    expect(outcome.notices[0]).toBe(
      '“Resilient” was deleted on another device. Your changes on this device were kept, so it has been saved again.',
    );
    expect(api.playlists.size).toBe(1);
    expect(api.itemIds(playlist.clientId)).toEqual(['w', 'x']);
    expect(await pendingEditCount(USER)).toBe(0);
  });

  it('a replay of edits the delete on another device had seen leaves the playlist deleted, names the dropped edits, and keeps this copy as a new playlist on request', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Lost rename', audienceId: null });
    await appendPlaylistItem(playlist.clientId, activity('w'));
    await syncPlaylists(USER, api);
    await updatePlaylistDetails(playlist.clientId, { title: 'Renamed here', audienceId: null });
    await appendPlaylistItem(playlist.clientId, activity('x'));
    api.failNext('sync', 'drop-response');
    expect((await syncPlaylists(USER, api)).status).toBe('offline');
    // The other device saw the rename and the add (they reached the CMS), then deleted it.
    api.editRemotely(playlist.clientId, 'laptop', [{ type: 'delete' }]);

    const outcome = await syncPlaylists(USER, api);
    const told =
      '“Renamed here” was deleted on another device after your changes reached it, so they were not kept: renaming it “Renamed here”, adding “Activity x”.';
    expect(outcome).toMatchObject({ status: 'synced', notices: [told] });
    expect(api.playlists.size).toBe(0);
    expect(await db.playlists.get(playlist.clientId)).toBeUndefined();
    expect(await pendingEditCount(USER)).toBe(0);
    const [notice] = await openNotices(USER);
    expect(notice!.message).toBe(told);

    await keepAsNewPlaylist(notice!.id);
    expect(await openNotices(USER)).toEqual([]);
    await syncPlaylists(USER, api);
    const [kept] = [...api.playlists.values()];
    expect(api.playlists.size).toBe(1);
    expect(kept!.clientId).not.toBe(playlist.clientId);
    expect(kept!.title).toBe('Renamed here');
    expect(api.itemIds(kept!.clientId)).toEqual(['w', 'x']);
  });

  it("replays only the signed-in user's edits", async () => {
    const api = new FakePlaylistApi();
    await createPlaylist('someone-else', { title: 'Not mine', audienceId: null });
    await createPlaylist(USER, { title: 'Mine', audienceId: null });
    await syncPlaylists(USER, api);
    expect([...api.playlists.values()].map((p) => p.title)).toEqual(['Mine']);
    expect(await pendingEditCount('someone-else')).toBe(1);
  });
});

/** A CMS where another device writes just before this device's operations arrive. */
class EditBeforeSync extends FakePlaylistApi {
  edit: (() => void) | null = null;
  override sync(request: PlaylistSyncRequest) {
    this.edit?.();
    this.edit = null;
    return super.sync(request);
  }
}

describe('items another device added', () => {
  it('get their card details from the CMS in the same round', async () => {
    const api = new EditBeforeSync();
    const playlist = await createPlaylist(USER, { title: 'Shared', audienceId: null });
    await syncPlaylists(USER, api);
    await appendPlaylistItem(playlist.clientId, audio('mine'));
    api.edit = () =>
      api.editRemotely(playlist.clientId, 'tablet', [
        {
          type: 'addItem',
          item: {
            key: 'theirs',
            kind: 'ComponentPlaylistsAudioItem',
            itemId: 'theirs',
            title: 'Theirs',
            contextPath: '/x',
          },
          after: null,
        },
      ]);
    api.calls.length = 0;
    const outcome = await syncPlaylists(USER, api);
    expect(api.calls).toEqual(['sync', 'pull']);
    expect(outcome.requests).toBe(2);
    expect(api.pulls.at(-1)).toMatchObject({ full: false, include: [playlist.clientId] });
    const items = (await db.playlists.get(playlist.clientId))!.items;
    expect(items.map((item) => [item.itemId, item.details])).toEqual([
      ['theirs', { url: '/uploads/theirs.mp3', caption: null }],
      ['mine', { url: '/uploads/mine.mp3' }],
    ]);
  });
});
