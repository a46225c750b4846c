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
import { syncPlaylists } from '../../../src/lib/sync/replay';
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

const serverItems = (api: FakePlaylistApi, documentId: string) =>
  api.playlists.get(documentId)!.playlist_item.map((item) => item.item);

beforeEach(async () => {
  await db.playlists.clear();
  await db.outbox.clear();
});

describe('syncPlaylists', () => {
  it('coalesces many edits of one playlist into one create with the final ordered list', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Warm-ups', audienceId: 'aud-1' });
    await appendPlaylistItem(playlist.clientId, activity('a'));
    await appendPlaylistItem(playlist.clientId, audio('b'));
    await appendPlaylistItem(playlist.clientId, activity('c'));
    const local = (await db.playlists.get(playlist.clientId))!;
    await replacePlaylistItems(playlist.clientId, [local.items[2]!, local.items[0]!]);
    await updatePlaylistDetails(playlist.clientId, { title: 'Monday warm-ups', audienceId: 'aud-2' });
    expect(await pendingEditCount(USER)).toBe(6);

    const outcome = await syncPlaylists(USER, api);

    expect(outcome).toMatchObject({ status: 'synced', requests: 2 });
    expect(api.calls).toEqual(['list', 'create']);
    const [saved] = [...api.playlists.values()];
    expect(saved).toMatchObject({ title: 'Monday warm-ups', audience: 'aud-2', client_id: playlist.clientId });
    expect(saved!.playlist_item.map((item) => [item.item, item.playlist_order])).toEqual([
      ['c', 0],
      ['a', 1],
    ]);
    expect(await pendingEditCount(USER)).toBe(0);
    expect((await db.playlists.get(playlist.clientId))!.documentId).toBe(saved!.documentId);
  });

  it('sends one request per playlist touched (plus the one read), in the order first edited', async () => {
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
    expect(api.calls).toEqual(['list', 'update', 'update']);
    expect(outcome.requests).toBe(3);
    const secondDoc = (await db.playlists.get(second.clientId))!.documentId!;
    expect(serverItems(api, secondDoc)).toEqual(Array.from({ length: 10 }, (_, i) => `s${i}`));
  });

  it('never duplicates a playlist when the answer to its create is lost', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Lost answer', audienceId: null });
    await appendPlaylistItem(playlist.clientId, activity('a'));
    api.failNext('create', 'drop-response');

    const firstTry = await syncPlaylists(USER, api);
    expect(firstTry.status).toBe('offline');
    expect(api.playlists.size).toBe(1); // it did reach the CMS
    expect(await pendingEditCount(USER)).toBe(2);
    expect((await db.outbox.toArray()).every((entry) => entry.attempts === 1)).toBe(true);

    const secondTry = await syncPlaylists(USER, api);
    expect(secondTry.status).toBe('synced');
    expect(api.playlists.size).toBe(1);
    expect((await db.playlists.get(playlist.clientId))!.documentId).toBe([...api.playlists.keys()][0]);
    expect(await pendingEditCount(USER)).toBe(0);
  });

  it('brings a playlist up to date when a replayed create finds the older state its lost attempt made', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'First', audienceId: null });
    api.failNext('create', 'drop-response');
    await syncPlaylists(USER, api);
    await appendPlaylistItem(playlist.clientId, activity('later'));
    await updatePlaylistDetails(playlist.clientId, { title: 'Renamed after', audienceId: null });

    const outcome = await syncPlaylists(USER, api);
    expect(outcome.status).toBe('synced');
    expect(api.calls.slice(-2)).toEqual(['create', 'update']);
    const [saved] = [...api.playlists.values()];
    expect(api.playlists.size).toBe(1);
    expect(saved).toMatchObject({ title: 'Renamed after' });
    expect(saved!.playlist_item.map((item) => item.item)).toEqual(['later']);
  });

  it('keeps the outbox on a 401, a server error or no network, and replays it later', async () => {
    const api = new FakePlaylistApi();
    await createPlaylist(USER, { title: 'Kept', audienceId: null });
    api.failNext('create', 'unauthorized');
    expect(await syncPlaylists(USER, api)).toMatchObject({ status: 'unauthorized' });
    api.failNext('create', 'server-error');
    expect(await syncPlaylists(USER, api)).toMatchObject({ status: 'failed', error: 'Internal Server Error' });
    api.failNext('list', 'network');
    expect(await syncPlaylists(USER, api)).toMatchObject({ status: 'offline' });
    expect(api.playlists.size).toBe(0);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ attempts: 2, lastError: 'Internal Server Error' });

    expect((await syncPlaylists(USER, api)).status).toBe('synced');
    expect(api.playlists.size).toBe(1);
    expect(await pendingEditCount(USER)).toBe(0);
  });

  it('counts a delete of a playlist that is already gone as done', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Doomed', audienceId: null });
    await syncPlaylists(USER, api);
    const documentId = (await db.playlists.get(playlist.clientId))!.documentId!;
    api.playlists.delete(documentId);
    await deletePlaylist(playlist.clientId);

    const outcome = await syncPlaylists(USER, api);
    expect(outcome.status).toBe('synced');
    expect(await db.playlists.get(playlist.clientId)).toBeUndefined();
    expect(await pendingEditCount(USER)).toBe(0);
  });

  it('deletes a never-synced playlist without a request beyond looking it up', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Short-lived', audienceId: null });
    await deletePlaylist(playlist.clientId);
    const outcome = await syncPlaylists(USER, api);
    expect(api.calls).toEqual(['list', 'find']);
    expect(outcome.status).toBe('synced');
    expect(await db.playlists.count()).toBe(0);
  });

  it('merges the CMS state: takes remote changes with nothing pending, keeps local edits, drops remote deletes', async () => {
    const api = new FakePlaylistApi();
    const kept = await createPlaylist(USER, { title: 'Edited here', audienceId: null });
    const remote = await createPlaylist(USER, { title: 'Edited there', audienceId: null });
    const gone = await createPlaylist(USER, { title: 'Deleted there', audienceId: null });
    await syncPlaylists(USER, api);
    const doc = async (clientId: string) => (await db.playlists.get(clientId))!.documentId!;

    api.editRemotely(await doc(remote.clientId), 'Renamed on the laptop');
    api.editRemotely(await doc(kept.clientId), 'Renamed elsewhere too');
    api.playlists.delete(await doc(gone.clientId));
    await updatePlaylistDetails(kept.clientId, { title: 'Renamed here', audienceId: null });

    const outcome = await syncPlaylists(USER, api);
    expect(outcome.status).toBe('synced');
    expect((await db.playlists.get(remote.clientId))!.title).toBe('Renamed on the laptop');
    expect((await db.playlists.get(kept.clientId))!.title).toBe('Renamed here');
    expect(api.playlists.get(await doc(kept.clientId))!.title).toBe('Renamed here');
    expect(await db.playlists.get(gone.clientId)).toBeUndefined();
    expect(outcome.notices).toEqual([
      '“Renamed here” was also changed on another device. The version on this device has been kept.',
      '“Deleted there” was deleted on another device.',
    ]);
  });

  it('saves again a playlist edited here but deleted on another device, and says so', async () => {
    const api = new FakePlaylistApi();
    const playlist = await createPlaylist(USER, { title: 'Resilient', audienceId: null });
    await syncPlaylists(USER, api);
    api.playlists.clear();
    await appendPlaylistItem(playlist.clientId, activity('x'));

    const outcome = await syncPlaylists(USER, api);
    expect(outcome.notices[0]).toContain('was deleted on another device. Your changes on this device were kept');
    expect(api.playlists.size).toBe(1);
    expect([...api.playlists.values()][0]!.playlist_item.map((item) => item.item)).toEqual(['x']);
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
