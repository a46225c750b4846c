// @vitest-environment node
import { PLAYLIST_SYNC_PROTOCOL } from '@music-classroom/shared/playlist-sync-protocol';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bootTestCms } from './support/test-cms';

// POST /api/playlist-sync/changes answers what changed in the signed-in teacher's playlists since
// the device's cursor: changed playlists with their items, the client ids of playlists deleted
// since (tombstones), and the next cursor. Checked on a real CMS.

interface ServerPlaylist {
  documentId: string;
  title: string;
  client_id: string | null;
  version: number;
  audience: { documentId: string; title: string } | null;
  playlist_item: {
    __typename: string;
    item_key: string | null;
    title: string | null;
    item: { documentId: string } | null;
  }[];
}
interface Changes {
  full: boolean;
  playlists: ServerPlaylist[];
  deleted: string[];
  cursor: string;
}

const cms = bootTestCms('playlist-sync-changes');
const { graphql, logIn, rest } = cms;
const tokens: Record<string, string> = {};
let activities: { documentId: string; title: string }[] = [];

/** One pull as the app makes it; returns the answer and its size on the wire. */
async function pull(
  since: string | null,
  token = tokens[DEMO.subscriber]!,
  include?: string[],
): Promise<Changes & { bytes: number }> {
  const response = await fetch(`${cms.url}/api/playlist-sync/changes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ since, ...(include ? { include } : {}) }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { ...(JSON.parse(text) as Changes), bytes: Buffer.byteLength(text) };
}

async function sync(
  clientId: string,
  operations: Record<string, unknown>[],
  token = tokens[DEMO.subscriber]!,
) {
  const { status, body } = await rest('/api/playlist-sync', token, {
    body: {
      clientId,
      device: 'test',
      baseVersion: null,
      operations: operations.map((operation) => ({ id: `op-${randomUUID()}`, ...operation })),
    },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { status: string; documentId: string; version: number };
}

const item = (index: number) => ({
  key: `item-${randomUUID()}`,
  kind: 'ComponentPlaylistsActivity',
  itemId: activities[index]!.documentId,
  title: activities[index]!.title,
  contextPath: `/activities/${index}`,
});

async function newPlaylist(title: string, token?: string) {
  const clientId = `pl-${randomUUID()}`;
  await sync(
    clientId,
    [{ type: 'create', title, audienceId: null, items: [item(0), item(1)] }],
    token,
  );
  return clientId;
}

const cursorTime = (cursor: string) =>
  (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t: number }).t;
const clientIds = (changes: Changes) => changes.playlists.map((playlist) => playlist.client_id);

beforeAll(async () => {
  for (const email of Object.values(DEMO)) tokens[email] = await logIn(email);
  const content = await graphql<{ activityPages: { documentId: string; title: string }[] }>(
    'query { activityPages(pagination: { limit: 4 }) { documentId title } }',
    tokens[DEMO.subscriber],
  );
  activities = content.data!.activityPages;
  expect(activities.length).toBeGreaterThanOrEqual(2);
});

describe('POST /api/playlist-sync/changes', () => {
  it('without a cursor answers the whole library of the signed-in teacher only, items with their card details', async () => {
    const theirs = await newPlaylist('Not yours', tokens[DEMO.subscriber2]);
    const mine = await newPlaylist('Mine');
    const answer = await pull(null);
    expect(answer.full).toBe(true);
    expect(answer.deleted).toEqual([]);
    expect(clientIds(answer)).toContain(mine);
    expect(clientIds(answer)).toContain('seed-subscriber-playlist');
    expect(clientIds(answer)).not.toContain(theirs);
    const playlist = answer.playlists.find((entry) => entry.client_id === mine)!;
    expect(
      playlist.playlist_item.map((entry) => [
        entry.__typename,
        entry.item?.documentId,
        entry.title,
      ]),
    ).toEqual([
      ['ComponentPlaylistsActivity', activities[0]!.documentId, activities[0]!.title],
      ['ComponentPlaylistsActivity', activities[1]!.documentId, activities[1]!.title],
    ]);
    // The same playlists the GraphQL Playlists query (the spec's pull) answers.
    const listed = await graphql<{
      playlists: {
        documentId: string;
        playlist_item: { __typename: string; item: { documentId: string } | null }[];
      }[];
    }>(
      `
        query {
          playlists(pagination: { limit: 1000 }) {
            documentId
            playlist_item {
              __typename
              ... on ComponentPlaylistsActivity {
                item {
                  documentId
                }
              }
              ... on ComponentPlaylistsAudioItem {
                item {
                  documentId
                }
              }
            }
          }
        }
      `,
      tokens[DEMO.subscriber],
    );
    const itemsOf = (
      playlists: {
        documentId: string;
        playlist_item: { __typename: string; item: { documentId: string } | null }[];
      }[],
    ) =>
      Object.fromEntries(
        playlists.map((entry) => [
          entry.documentId,
          entry.playlist_item.map((item) => `${item.__typename}:${item.item?.documentId}`),
        ]),
      );
    expect(itemsOf(answer.playlists)).toEqual(itemsOf(listed.data!.playlists));
    expect(
      answer.playlists
        .flatMap((entry) => entry.playlist_item)
        .some((entry) => entry.__typename === 'ComponentPlaylistsAudioItem'),
    ).toBe(true);
  });

  it('a pull of a wire format version the CMS does not speak is refused with 400, saying which (newer, or none it speaks); version 1 is answered', async () => {
    const ask = (protocol: unknown) =>
      fetch(`${cms.url}/api/playlist-sync/changes`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${tokens[DEMO.subscriber]}`,
        },
        body: JSON.stringify({ protocol, since: null }),
      });
    const newer = await ask(PLAYLIST_SYNC_PROTOCOL + 1);
    expect(newer.status).toBe(400);
    expect(await newer.text()).toMatch(/newer than the content service/);
    for (const protocol of [0, -1, 1.5, 'abc', '1', null, [1], {}, true]) {
      const answer = await ask(protocol);
      expect(answer.status, JSON.stringify(protocol)).toBe(400);
      const text = await answer.text();
      expect(text, JSON.stringify(protocol)).toMatch(
        /names no version of the playlist sync protocol the content service speaks/,
      );
      expect(text, JSON.stringify(protocol)).not.toMatch(/newer/);
    }
    expect((await ask(PLAYLIST_SYNC_PROTOCOL)).status).toBe(200);
  });

  it("asked with activityCards 'shared', each activity's card comes once and the items only name it", async () => {
    const mine = `pl-${randomUUID()}`;
    await sync(mine, [
      {
        type: 'create',
        title: 'Shared cards',
        audienceId: null,
        items: [item(0), item(1), item(0), item(1), item(0)],
      },
    ]);
    const response = await fetch(`${cms.url}/api/playlist-sync/changes`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${tokens[DEMO.subscriber]}`,
      },
      body: JSON.stringify({ since: null, activityCards: 'shared' }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const shared = JSON.parse(text) as Changes & {
      activityCards: Record<string, { title: string; introduction: string | null }>;
    };
    const whole = await pull(null);
    const items = shared.playlists.find((playlist) => playlist.client_id === mine)!.playlist_item;
    expect(items.map((entry) => entry.item)).toEqual(
      [0, 1, 0, 1, 0].map((index) => ({ documentId: activities[index]!.documentId })),
    );
    // Each card once, the same card every item carries in the answer without the option.
    const wholeItems = whole.playlists
      .flatMap((playlist) => playlist.playlist_item)
      .filter((entry) => entry.__typename === 'ComponentPlaylistsActivity');
    for (const entry of wholeItems)
      expect({
        documentId: entry.item!.documentId,
        ...shared.activityCards[entry.item!.documentId],
      }).toEqual(entry.item);
    expect(Object.keys(shared.activityCards).sort()).toEqual(
      [...new Set(wholeItems.map((entry) => entry.item!.documentId))].sort(),
    );
    expect(shared.activityCards[activities[0]!.documentId]!.introduction).toMatch(/^<p>/);
    expect(Buffer.byteLength(text)).toBeLessThan(whole.bytes);
  });

  it("an activity's saved draft reaches no playlist card in the pull; publishing it does", async () => {
    const login = await rest('/admin/login', undefined, {
      body: { email: 'admin@demo.school', password: 'Admin12345' },
    });
    expect(login.status).toBe(200);
    const admin = (login.body as { data: { token: string } }).data.token;
    const activity = activities[2]!;
    const mine = `pl-${randomUUID()}`;
    await sync(mine, [
      {
        type: 'create',
        title: 'Drafts stay drafts',
        audienceId: null,
        items: [{ ...item(2), title: activity.title }],
      },
    ]);
    const card = async () => {
      const answer = await pull(null);
      const entry = answer.playlists.find((playlist) => playlist.client_id === mine)!
        .playlist_item[0]!;
      return entry.item as { documentId: string; title: string; introduction: string | null };
    };
    const before = await card();
    expect(before.title).toBe(activity.title);
    const uid = 'api::activity-page.activity-page';
    const saved = await rest(
      `/content-manager/collection-types/${uid}/${activity.documentId}`,
      admin,
      {
        method: 'PUT',
        body: { title: `Draft: ${activity.title}`, introduction: 'Draft words for next term' },
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await card()).toEqual(before);
    const published = await rest(
      `/content-manager/collection-types/${uid}/${activity.documentId}/actions/publish`,
      admin,
      { body: {} },
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const after = await card();
    expect(after.title).toBe(`Draft: ${activity.title}`);
    expect(after.introduction).toContain('Draft words for next term');
  });

  it('a reconnect with nothing changed is one answer under 1 KB with nothing in it, even right after a change', async () => {
    await newPlaylist('Just changed');
    const first = await pull(null);
    const quiet = await pull(first.cursor);
    expect(quiet).toMatchObject({ full: false, playlists: [], deleted: [] });
    expect(quiet.bytes).toBeLessThan(1024);
    const again = await pull(quiet.cursor);
    expect(again).toMatchObject({ full: false, playlists: [], deleted: [] });
    expect(again.bytes).toBeLessThan(1024);
  });

  it("answers the teacher's changes and deletes since the cursor, never another teacher's", async () => {
    const renamed = await newPlaylist('Before');
    const doomed = await newPlaylist('To delete by sync');
    const doomedByMutation = await newPlaylist('To delete by the spec mutation');
    const theirs = await newPlaylist('Theirs', tokens[DEMO.subscriber2]);
    const { cursor } = await pull(null);
    const theirCursor = (await pull(null, tokens[DEMO.subscriber2])).cursor;

    await sync(renamed, [{ type: 'rename', title: 'After' }]);
    await sync(doomed, [{ type: 'delete' }]);
    const byMutation = (await pull(null)).playlists.find(
      (entry) => entry.client_id === doomedByMutation,
    )!;
    const deleted = await graphql(
      'mutation ($id: ID!) { deletePlaylist(documentId: $id) { documentId } }',
      tokens[DEMO.subscriber],
      { id: byMutation.documentId },
    );
    expect(deleted.errors).toBeUndefined();
    await sync(theirs, [{ type: 'rename', title: 'Theirs, renamed' }], tokens[DEMO.subscriber2]);
    await sync(theirs, [{ type: 'delete' }], tokens[DEMO.subscriber2]);
    await newPlaylist('Another of theirs', tokens[DEMO.subscriber2]);

    const delta = await pull(cursor, tokens[DEMO.subscriber], [theirs]);
    expect(delta.full).toBe(false);
    expect(delta.playlists.map((entry) => [entry.client_id, entry.title])).toEqual([
      [renamed, 'After'],
    ]);
    expect(delta.deleted.sort()).toEqual([doomed, doomedByMutation].sort());

    const theirDelta = await pull(theirCursor, tokens[DEMO.subscriber2]);
    expect(theirDelta.deleted).toEqual([theirs]);
    expect(theirDelta.playlists.map((entry) => entry.title)).toEqual(['Another of theirs']);
    expect(clientIds(theirDelta)).not.toContain(renamed);
  });

  it('a playlist made again after its delete (same client id) is changed, not deleted', async () => {
    const clientId = await newPlaylist('Comes back');
    const { cursor } = await pull(null);
    await sync(clientId, [{ type: 'delete' }]);
    await sync(clientId, [
      { type: 'create', title: 'Came back', audienceId: null, items: [item(1)] },
    ]);
    const delta = await pull(cursor);
    expect(delta.deleted).toEqual([]);
    expect(delta.playlists.map((entry) => [entry.client_id, entry.title])).toEqual([
      [clientId, 'Came back'],
    ]);
  });

  it('include asks for named playlists of this teacher whatever their time (items the device lacks details for)', async () => {
    const clientId = await newPlaylist('Named');
    const { cursor } = await pull(null);
    const delta = await pull(cursor, tokens[DEMO.subscriber], [
      clientId,
      'seed-subscriber-playlist',
    ]);
    expect(clientIds(delta).sort()).toEqual([clientId, 'seed-subscriber-playlist'].sort());
  });

  it('with no cursor it can read, or one older than the tombstones kept, answers the whole library', async () => {
    const stale = Buffer.from(
      JSON.stringify({ f: 1, t: Date.now() - 31 * 24 * 3600 * 1000, p: '', d: [] }),
    ).toString('base64url');
    for (const since of ['not a cursor', stale]) {
      const answer = await pull(since);
      expect(answer.full).toBe(true);
      expect(clientIds(answer)).toContain('seed-subscriber-playlist');
    }
  });

  it('is refused without a session and to a session without the sync permission', async () => {
    const { status } = await rest('/api/playlist-sync/changes', null, { body: { since: null } });
    expect([401, 403]).toContain(status);
  });

  it('cursors never go back, and pulls made while playlists change miss nothing', async () => {
    const mirror = new Map<string, string>();
    const first = await pull(null);
    for (const playlist of first.playlists) mirror.set(playlist.client_id!, playlist.title);
    let { cursor } = first;
    const made: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      // Writes and a pull in flight together: whatever the pull misses, the next one answers.
      const writes = (async () => {
        made.push(await newPlaylist(`Round ${round}`));
        if (made.length > 2)
          await sync(made[round - 2]!, [{ type: 'rename', title: `Renamed in ${round}` }]);
        if (made.length > 3) await sync(made[round - 3]!, [{ type: 'delete' }]);
      })();
      const delta = await pull(cursor);
      await writes;
      expect(cursorTime(delta.cursor)).toBeGreaterThanOrEqual(cursorTime(cursor));
      for (const playlist of delta.playlists) mirror.set(playlist.client_id!, playlist.title);
      for (const clientId of delta.deleted) mirror.delete(clientId);
      cursor = delta.cursor;
    }
    const last = await pull(cursor);
    for (const playlist of last.playlists) mirror.set(playlist.client_id!, playlist.title);
    for (const clientId of last.deleted) mirror.delete(clientId);
    const truth = await pull(null);
    expect(Object.fromEntries([...mirror].sort())).toEqual(
      Object.fromEntries(
        truth.playlists.map((playlist) => [playlist.client_id!, playlist.title]).sort(),
      ),
    );
  });
});
