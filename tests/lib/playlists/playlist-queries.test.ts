import { beforeEach, describe, expect, it } from 'vitest';
import { db, type PlaylistRecord } from '../../../src/lib/db/database';
import { readOwnPlaylist } from '../../../src/lib/playlists/playlist-queries';

const playlist = (
  clientId: string,
  userId: string,
  extra: Partial<PlaylistRecord> = {},
): PlaylistRecord => ({
  clientId,
  userId,
  documentId: null,
  title: clientId,
  audienceId: null,
  items: [],
  deleted: false,
  updatedAt: 1,
  ...extra,
});

beforeEach(async () => {
  await db.playlists.clear();
  await db.playlists.bulkPut([
    playlist('mine', '7'),
    playlist('left-by-teacher-a', '8'),
    playlist('being-deleted', '7', { deleted: true }),
  ]);
});

describe("a playlist's page and slides on a shared device", () => {
  it("open the signed-in teacher's own playlist", async () => {
    expect((await readOwnPlaylist('mine', '7'))?.clientId).toBe('mine');
  });

  it("never open another teacher's playlist left on the device with unsynced edits", async () => {
    expect(await readOwnPlaylist('left-by-teacher-a', '7')).toBeNull();
    expect(await readOwnPlaylist('left-by-teacher-a', null)).toBeNull();
    expect((await readOwnPlaylist('left-by-teacher-a', '8'))?.clientId).toBe('left-by-teacher-a');
  });

  it('treat a playlist deleted here (waiting for the CMS) as gone', async () => {
    expect(await readOwnPlaylist('being-deleted', '7')).toBeNull();
  });
});
