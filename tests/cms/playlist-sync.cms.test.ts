// @vitest-environment node
import { PLAYLIST_SYNC_PROTOCOL } from '@music-classroom/shared/playlist-sync-protocol';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bootTestCms } from './support/test-cms';

// POST /api/playlist-sync applies a device's playlist operations to the CMS's playlist. Every rule
// is checked against what the CMS then holds, read back as the owner through the Playlists query
// (the app's pull), on a real CMS with a fresh database.

const ACTIVITY = 'ComponentPlaylistsActivity';
const AUDIO = 'ComponentPlaylistsAudioItem';

interface Item {
  key: string;
  kind: string;
  itemId: string;
  title: string;
  contextPath: string;
}
interface Conflict {
  id: string;
  device: string;
  version: number;
  playlistTitle: string;
  message: string;
}
type Op = Record<string, unknown> & { id: string; type: string };
interface SyncAnswer {
  status: 'applied' | 'deleted';
  clientId: string;
  documentId?: string;
  version?: number;
  applied?: string[];
  dropped?: string[];
  state?: { title: string; audienceId: string | null; items: Item[] };
  conflicts?: Conflict[];
  error?: { name: string; message: string };
}
interface ServerItem {
  __typename: string;
  id: string;
  item_key: string | null;
  title: string | null;
  context_path: string | null;
  playlist_order: number | null;
  item: { documentId: string } | null;
}
interface ServerPlaylist {
  documentId: string;
  title: string;
  client_id: string | null;
  version: number | null;
  conflicts: Conflict[] | null;
  audience: { documentId: string } | null;
  playlist_item: ServerItem[];
}

const ITEM_FIELDS = 'id item_key title context_path playlist_order item { documentId }';
const PLAYLISTS = /* GraphQL */ `
  query Playlists {
    playlists(pagination: { limit: 1000 }) {
      documentId title client_id version conflicts
      audience { documentId }
      playlist_item {
        __typename
        ... on ComponentPlaylistsActivity { ${ITEM_FIELDS} }
        ... on ComponentPlaylistsAudioItem { ${ITEM_FIELDS} }
      }
    }
  }
`;

const cms = bootTestCms('playlist-sync');
const { graphql, logIn } = cms;
const tokens: Record<string, string> = {};
let activities: { documentId: string; title: string }[] = [];
let audioFileId = '';
let audiences: string[] = [];

/** token null: no Authorization header. */
async function post(
  body: unknown,
  token: string | null = tokens[DEMO.subscriber]!,
): Promise<{ status: number; body: SyncAnswer }> {
  const response = await fetch(`${cms.url}/api/playlist-sync`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as SyncAnswer };
}

/** One device's request; expects it to be answered 200. */
async function sync(
  clientId: string,
  device: string,
  baseVersion: number | null,
  operations: Op[],
  token?: string,
): Promise<SyncAnswer> {
  const answer = await post({ clientId, device, baseVersion, operations }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function storedPlaylists(
  token: string = tokens[DEMO.subscriber]!,
): Promise<ServerPlaylist[]> {
  const { data, errors } = await graphql<{ playlists: ServerPlaylist[] }>(PLAYLISTS, token);
  expect(errors).toBeUndefined();
  return data!.playlists;
}

/** The CMS's playlist as the app's pull sees it, or null; items keyed as the app keys them. */
async function stored(clientId: string, token?: string) {
  const playlist = (await storedPlaylists(token)).find(
    (candidate) => candidate.client_id === clientId,
  );
  if (!playlist) return null;
  return {
    documentId: playlist.documentId,
    title: playlist.title,
    audienceId: playlist.audience?.documentId ?? null,
    version: playlist.version,
    conflicts: playlist.conflicts ?? [],
    keys: playlist.playlist_item.map((item) => item.item_key ?? `cms-${item.id}`),
    items: playlist.playlist_item,
  };
}

const newOpId = () => `op-${randomUUID()}`;
const op = (type: string, fields: Record<string, unknown> = {}): Op => ({
  id: newOpId(),
  type,
  ...fields,
});
const activityItem = (index: number, key = `item-${randomUUID()}`): Item => ({
  key,
  kind: ACTIVITY,
  itemId: activities[index]!.documentId,
  title: activities[index]!.title,
  contextPath: `/activities/${index}`,
});
const audioItem = (key = `audio-${randomUUID()}`): Item => ({
  key,
  kind: AUDIO,
  itemId: audioFileId,
  title: 'An excerpt',
  contextPath: '/audio',
});

/** A playlist made by device 'seed' with three activity items; returns its client id, item keys and version. */
async function seededPlaylist(title = 'Year 3 warm-ups') {
  const clientId = `pl-${randomUUID()}`;
  const items = [activityItem(0), activityItem(1), activityItem(2)];
  const answer = await sync(clientId, 'seed', null, [
    op('create', { title, audienceId: null, items }),
  ]);
  expect(answer.status).toBe('applied');
  return { clientId, keys: items.map((item) => item.key), version: answer.version! };
}

beforeAll(async () => {
  for (const email of Object.values(DEMO)) tokens[email] = await logIn(email);
  const content = await graphql<{
    activityPages: { documentId: string; title: string }[];
    audioPages: { audio_excerpts: { audio_file: { documentId: string } | null }[] }[];
    audiences: { documentId: string }[];
  }>(
    `
      query Content {
        activityPages(pagination: { limit: 6 }) {
          documentId
          title
        }
        audioPages(pagination: { limit: 5 }) {
          audio_excerpts {
            audio_file {
              documentId
            }
          }
        }
        audiences {
          documentId
        }
      }
    `,
    tokens[DEMO.subscriber],
  );
  expect(content.errors).toBeUndefined();
  activities = content.data!.activityPages;
  expect(activities.length).toBeGreaterThanOrEqual(6);
  audioFileId = content
    .data!.audioPages.flatMap((page) => page.audio_excerpts)
    .find((excerpt) => excerpt.audio_file)!.audio_file!.documentId;
  audiences = content.data!.audiences.map((audience) => audience.documentId);
  expect(audiences.length).toBeGreaterThanOrEqual(2);
});

describe('POST /api/playlist-sync', () => {
  it('creates a playlist and applies the operations after the create in order; the pull shows version, conflicts and item keys', async () => {
    const clientId = `pl-${randomUUID()}`;
    const [first, second, third] = [activityItem(0), audioItem(), activityItem(1)];
    const operations = [
      op('create', { title: 'Draft', audienceId: null }),
      op('addItem', { item: first, after: null }),
      op('addItem', { item: second, after: first!.key }),
      op('addItem', { item: third, after: second!.key }),
      op('moveItem', { key: third!.key, after: null }),
      op('rename', { title: 'Year 3 warm-ups' }),
      op('setAudience', { audienceId: audiences[0] }),
    ];
    const answer = await sync(clientId, 'laptop', null, operations);
    expect(answer).toMatchObject({
      status: 'applied',
      clientId,
      version: 1,
      dropped: [],
      conflicts: [],
    });
    expect(answer.applied).toEqual(operations.map((operation) => operation.id));
    expect(answer.state).toEqual({
      title: 'Year 3 warm-ups',
      audienceId: audiences[0],
      items: [third, first, second],
    });

    const playlist = await stored(clientId);
    expect(playlist).toMatchObject({
      documentId: answer.documentId,
      title: 'Year 3 warm-ups',
      audienceId: audiences[0],
      version: 1,
      conflicts: [],
    });
    expect(playlist!.keys).toEqual([third!.key, first!.key, second!.key]);
    expect(
      playlist!.items.map((item) => [
        item.__typename,
        item.item?.documentId,
        item.title,
        item.context_path,
        item.playlist_order,
      ]),
    ).toEqual([
      [ACTIVITY, third!.itemId, third!.title, third!.contextPath, 0],
      [ACTIVITY, first!.itemId, first!.title, first!.contextPath, 1],
      [AUDIO, audioFileId, 'An excerpt', '/audio', 2],
    ]);

    // What the CMS keeps to apply operations once stays on the server.
    const hidden = await graphql(
      'query { playlists { applied_ops field_log } }',
      tokens[DEMO.subscriber],
    );
    expect(hidden.errors?.length).toBeGreaterThan(0);
    const rest = (await (
      await fetch(`${cms.url}/api/playlists`, {
        headers: { Authorization: `Bearer ${tokens[DEMO.subscriber]}` },
      })
    ).json()) as {
      data: Record<string, unknown>[];
    };
    const restPlaylist = rest.data.find((candidate) => candidate.client_id === clientId)!;
    expect(restPlaylist.version).toBe(1);
    expect(restPlaylist).not.toHaveProperty('applied_ops');
    expect(restPlaylist).not.toHaveProperty('field_log');
  });

  it('a request replayed after a lost reply changes nothing and raises no conflict', async () => {
    const { clientId, version } = await seededPlaylist();
    const lostReply = [
      op('rename', { title: 'Warm ups' }),
      op('removeItem', { key: (await stored(clientId))!.keys[0] }),
    ];
    const first = await sync(clientId, 'laptop', version, lostReply);
    expect(first.version).toBe(version + 1);
    // The tablet saw the laptop's rename and renamed again.
    const tablet = await sync(clientId, 'tablet', first.version!, [
      op('rename', { title: 'Y3 warm ups' }),
    ]);
    const before = await stored(clientId);

    const replay = await sync(clientId, 'laptop', version, lostReply);
    expect(replay).toMatchObject({
      status: 'applied',
      version: tablet.version,
      dropped: [],
      conflicts: [],
    });
    expect(replay.applied).toEqual(lostReply.map((operation) => operation.id));
    const again = await sync(clientId, 'laptop', version, lostReply);
    expect(again.version).toBe(tablet.version);
    expect(await stored(clientId)).toEqual(before);
    expect(before).toMatchObject({ title: 'Y3 warm ups', version: tablet.version, conflicts: [] });
  });

  it("keeps both devices' edits that do not clash; the later rename wins and only the device whose rename lost is told", async () => {
    const { clientId, keys, version } = await seededPlaylist('Year 3 warm-ups');
    const [i1, i2, i3] = keys as [string, string, string];
    const addedOnA = activityItem(3);
    const addedOnB = activityItem(4);
    await sync(clientId, 'device-a', version, [
      op('rename', { title: 'Warm ups' }),
      op('moveItem', { key: i3, after: null }),
      op('addItem', { item: addedOnA, after: i1 }),
    ]);
    const answer = await sync(clientId, 'device-b', version, [
      op('removeItem', { key: i2 }),
      op('addItem', { item: addedOnB, after: i3 }),
      op('rename', { title: 'Y3 warm ups' }),
    ]);

    const playlist = await stored(clientId);
    expect(playlist!.keys).toEqual([i3, addedOnB.key, i1, addedOnA.key]);
    expect(playlist!.title).toBe('Y3 warm ups');
    expect(playlist!.version).toBe(version + 2);
    expect(playlist!.conflicts).toEqual([
      {
        id: expect.any(String),
        device: 'device-a',
        version: version + 2,
        playlistTitle: 'Y3 warm ups',
        message:
          '“Year 3 warm-ups”: your rename to “Warm ups” was replaced by “Y3 warm ups” from another device.',
      },
    ]);
    expect(answer.conflicts).toEqual(playlist!.conflicts);
  });

  it('an audience change that had not seen the other device’s one wins and tells that device', async () => {
    const { clientId, version } = await seededPlaylist('Choir');
    await sync(clientId, 'device-a', version, [op('setAudience', { audienceId: audiences[0] })]);
    await sync(clientId, 'device-b', version, [op('setAudience', { audienceId: audiences[1] })]);
    const playlist = await stored(clientId);
    expect(playlist!.audienceId).toBe(audiences[1]);
    expect(playlist!.conflicts.map(({ device, message }) => ({ device, message }))).toEqual([
      {
        device: 'device-a',
        message: '“Choir”: your audience change was replaced by one from another device.',
      },
    ]);
    // A change made after seeing the other one is no clash.
    await sync(clientId, 'device-a', version + 2, [
      op('setAudience', { audienceId: audiences[0] }),
    ]);
    expect((await stored(clientId))!.conflicts).toHaveLength(1);
  });

  it('keeps both of two concurrent adds after the same item', async () => {
    const { clientId, keys, version } = await seededPlaylist();
    const onA = activityItem(3);
    const onB = audioItem();
    await sync(clientId, 'device-a', version, [op('addItem', { item: onA, after: keys[0] })]);
    await sync(clientId, 'device-b', version, [op('addItem', { item: onB, after: keys[0] })]);
    expect((await stored(clientId))!.keys).toEqual([keys[0], onB.key, onA.key, keys[1], keys[2]]);
  });

  it('removes an item another device moved, and a second remove of it is fine', async () => {
    const { clientId, keys, version } = await seededPlaylist();
    await sync(clientId, 'device-a', version, [op('moveItem', { key: keys[0], after: keys[2] })]);
    const removeMoved = op('removeItem', { key: keys[0] });
    const b = await sync(clientId, 'device-b', version, [removeMoved]);
    expect(b.applied).toEqual([removeMoved.id]);
    const removeAgain = op('removeItem', { key: keys[0] });
    const c = await sync(clientId, 'device-c', version, [removeAgain]);
    expect(c).toMatchObject({ applied: [removeAgain.id], dropped: [], conflicts: [] });
    expect((await stored(clientId))!.keys).toEqual([keys[1], keys[2]]);
  });

  it('drops a move of an item another device removed, and one relative to a removed item', async () => {
    const { clientId, keys, version } = await seededPlaylist();
    await sync(clientId, 'device-a', version, [op('removeItem', { key: keys[1] })]);
    const moveRemoved = op('moveItem', { key: keys[1], after: keys[2] });
    const moveAfterRemoved = op('moveItem', { key: keys[0], after: keys[1] });
    const answer = await sync(clientId, 'device-b', version, [moveRemoved, moveAfterRemoved]);
    expect(answer).toMatchObject({
      applied: [],
      dropped: [moveRemoved.id, moveAfterRemoved.id],
      version: version + 1,
    });
    expect((await stored(clientId))!.keys).toEqual([keys[0], keys[2]]);
  });

  it("answers 'deleted' to an edit of a playlist another device deleted; the device's create brings it back with its items", async () => {
    const { clientId, keys, version } = await seededPlaylist('Assembly');
    const deleted = await sync(clientId, 'device-a', version, [op('delete')]);
    expect(deleted.status).toBe('deleted');
    expect(await stored(clientId)).toBeNull();

    const edit = await sync(clientId, 'device-b', version, [
      op('rename', { title: 'Assembly songs' }),
    ]);
    expect(edit).toMatchObject({ status: 'deleted', clientId });
    expect(await stored(clientId)).toBeNull();

    const items = [activityItem(0, keys[0]), activityItem(5)];
    const restored = await sync(clientId, 'device-b', version, [
      op('create', { title: 'Assembly songs', audienceId: null, items }),
    ]);
    expect(restored).toMatchObject({ status: 'applied', version: 1 });
    expect(await stored(clientId)).toMatchObject({
      title: 'Assembly songs',
      keys: items.map((item) => item.key),
    });
  });

  it("a replay of a lost create or rename after another device deleted the playlist is answered 'deleted' with those ids applied, never a re-creation", async () => {
    // Device A's create reaches the CMS but its answer is lost; B sees it and deletes it; A resends.
    const clientId = `pl-${randomUUID()}`;
    const create = op('create', {
      title: 'Lost answer',
      audienceId: null,
      items: [activityItem(0)],
    });
    const made = await sync(clientId, 'device-a', null, [create]);
    const rename = op('rename', { title: 'Lost rename' });
    await sync(clientId, 'device-a', made.version!, [rename]);
    expect((await sync(clientId, 'device-b', made.version! + 1, [op('delete')])).status).toBe(
      'deleted',
    );

    const replay = await sync(clientId, 'device-a', null, [create, rename]);
    expect(replay).toEqual({
      status: 'deleted',
      clientId,
      applied: [create.id, rename.id],
      dropped: [],
    });
    expect(await stored(clientId)).toBeNull();
    // Kept as long as the tombstone: again, and after another teacher's playlist activity.
    expect(await sync(clientId, 'device-a', null, [create])).toEqual({
      status: 'deleted',
      clientId,
      applied: [create.id],
      dropped: [],
    });
    expect(await stored(clientId)).toBeNull();
  });

  it('an edit the deleting device had not seen brings the playlist back, and that device is told on its next pull', async () => {
    const { clientId, version } = await seededPlaylist('Seen then deleted');
    const seen = op('rename', { title: 'Seen by the delete' });
    await sync(clientId, 'device-a', version, [seen]);
    expect((await sync(clientId, 'device-b', version + 1, [op('delete')])).status).toBe('deleted');

    // A's seen rename again with an add made after its last sync: the add was never applied.
    const unseen = op('addItem', { item: activityItem(4), after: null });
    const answer = await sync(clientId, 'device-a', version + 1, [seen, unseen]);
    expect(answer).toEqual({
      status: 'deleted',
      clientId,
      applied: [seen.id],
      dropped: [unseen.id],
    });
    // The device makes it again from its copy (replay.ts); the deleting device is told.
    const back = await sync(clientId, 'device-a', null, [
      op('create', { title: 'Seen by the delete', audienceId: null, items: [activityItem(4)] }),
    ]);
    expect(back.status).toBe('applied');
    const told = (await stored(clientId))!.conflicts;
    expect(told).toEqual([
      expect.objectContaining({
        device: 'device-b',
        message:
          '“Seen by the delete” was deleted on this device, but changes made on another device after that brought it back.',
      }),
    ]);
    expect(back.conflicts!.map((conflict) => conflict.device)).not.toContain('device-a');
  });

  // Ages the tombstone in the SQLite file itself: not on PostgreSQL.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'a deleted playlist’s applied operation ids are forgotten with its tombstone (30 days), not with the delete',
    async () => {
      const { clientId, version } = await seededPlaylist('Expiring');
      const rename = op('rename', { title: 'Expiring soon' });
      await sync(clientId, 'device-a', version, [rename]);
      await sync(clientId, 'device-b', version + 1, [op('delete')]);
      expect((await sync(clientId, 'device-a', null, [rename])).applied).toEqual([rename.id]);
      // Age the tombstone past the retention; the next delete of any playlist of the teacher sweeps it.
      const database = new (createRequire(join(process.cwd(), 'cms', 'package.json'))(
        'better-sqlite3',
      ))(join(cms.dataDir, 'data.db'));
      database
        .prepare('UPDATE playlist_tombstones SET deleted_at = ? WHERE client_id = ?')
        .run(Date.now() - 31 * 24 * 60 * 60 * 1000, clientId);
      database.close();
      const other = await seededPlaylist('Swept by');
      await sync(other.clientId, 'device-a', other.version, [op('delete')]);
      expect(await sync(clientId, 'device-a', null, [rename])).toEqual({
        status: 'deleted',
        clientId,
        applied: [],
        dropped: [rename.id],
      });
    },
  );

  it('a delete after another device’s edit wins', async () => {
    const { clientId, version } = await seededPlaylist();
    await sync(clientId, 'device-a', version, [
      op('rename', { title: 'Renamed' }),
      op('addItem', { item: activityItem(3), after: null }),
    ]);
    const answer = await sync(clientId, 'device-b', version, [op('delete')]);
    expect(answer.status).toBe('deleted');
    expect(await stored(clientId)).toBeNull();
    expect(
      (await sync(clientId, 'device-a', version + 1, [op('rename', { title: 'Again' })])).status,
    ).toBe('deleted');
  });

  it('re-creates a playlist when a create follows its delete in one request', async () => {
    const { clientId, version } = await seededPlaylist('Old');
    const item = activityItem(4);
    const answer = await sync(clientId, 'device-a', version, [
      op('delete'),
      op('create', { title: 'New', audienceId: null, items: [item] }),
    ]);
    expect(answer).toMatchObject({ status: 'applied', version: version + 1 });
    expect(await stored(clientId)).toMatchObject({ title: 'New', keys: [item.key] });
  });

  it('applies both of two requests for one playlist sent at the same moment', async () => {
    const { clientId, keys, version } = await seededPlaylist();
    const fromA = [activityItem(3), activityItem(4), activityItem(5)];
    const fromB = [
      audioItem(),
      activityItem(3, `b-${randomUUID()}`),
      activityItem(4, `b-${randomUUID()}`),
    ];
    const [a, b] = await Promise.all([
      sync(
        clientId,
        'device-a',
        version,
        fromA.map((item) => op('addItem', { item, after: null })),
      ),
      sync(clientId, 'device-b', version, [
        ...fromB.map((item) => op('addItem', { item, after: keys[2] })),
        op('removeItem', { key: keys[0] }),
      ]),
    ]);
    expect([a.version, b.version].sort()).toEqual([version + 1, version + 2]);
    const playlist = await stored(clientId);
    expect(playlist!.version).toBe(version + 2);
    expect([...playlist!.keys].sort()).toEqual(
      [...fromA, ...fromB]
        .map((item) => item.key)
        .concat(keys[1]!, keys[2]!)
        .sort(),
    );
  });

  it("a burst of one playlist's requests takes its turn in the CMS and holds back no other playlist's sync", async () => {
    const burst = await seededPlaylist('Burst');
    const other = await seededPlaylist('Other');
    const order: string[] = [];
    // Thirty devices (more than the CMS's pool of database connections) send their outbox for
    // one playlist at the same moment: the CMS applies them one at a time, and they wait their
    // turn without a connection. Another playlist's sync, sent once the first of them is
    // answered, is applied beside them. On PostgreSQL each used to wait on the playlist's lock
    // holding a connection, so the other sync queued for one behind most of the burst.
    const adds = (device: number) =>
      Array.from({ length: 10 }, (_, index) =>
        op('addItem', { item: activityItem(index % 6, `${device}-${randomUUID()}`), after: null }),
      );
    const burstAnswers = Array.from({ length: 30 }, (_, device) =>
      sync(burst.clientId, `device-${device}`, burst.version, adds(device)).then((answer) => {
        order.push('burst');
        return answer;
      }),
    );
    await Promise.race(burstAnswers);
    await sync(other.clientId, 'laptop', other.version, [op('rename', { title: 'Renamed' })]);
    order.push('other');
    const answers = await Promise.all(burstAnswers);
    expect(answers.map((answer) => answer.version).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 30 }, (_, index) => burst.version + 1 + index),
    );
    expect((await stored(burst.clientId))!.keys).toHaveLength(3 + 30 * 10);
    expect(order.indexOf('other'), order.join(' ')).toBeLessThanOrEqual(3);
  });

  it('applies a create delivered twice at the same moment once', async () => {
    const clientId = `pl-${randomUUID()}`;
    const items = [activityItem(0), activityItem(1)];
    const operations = [
      op('create', { title: 'Twice', audienceId: null, items }),
      op('addItem', { item: audioItem(), after: null }),
    ];
    const answers = await Promise.all([
      sync(clientId, 'laptop', null, operations),
      sync(clientId, 'laptop', null, operations),
    ]);
    for (const answer of answers)
      expect(answer).toMatchObject({
        status: 'applied',
        version: 1,
        applied: operations.map((operation) => operation.id),
      });
    const copies = (await storedPlaylists()).filter((playlist) => playlist.client_id === clientId);
    expect(copies).toHaveLength(1);
    expect((await stored(clientId))!.keys).toEqual([
      ...items.map((item) => item.key),
      (operations[1]!.item as Item).key,
    ]);
  });

  it("answers another teacher's client id as if it did not exist and leaves that playlist untouched", async () => {
    const { clientId } = await seededPlaylist('Mine');
    const before = await stored(clientId);
    const other = tokens[DEMO.subscriber2];
    const operations = [op('rename', { title: 'Taken' }), op('delete')];
    const missingId = `pl-${randomUUID()}`;
    const missing = await sync(missingId, 'intruder', 0, operations, other);
    const answer = await sync(clientId, 'intruder', 0, operations, other);
    expect(answer).toEqual({ ...missing, clientId });
    expect(missing).toEqual({
      status: 'deleted',
      clientId: missingId,
      applied: [],
      dropped: operations.map((operation) => operation.id),
    });
    // Its client id cannot be taken over either (it is unique): the create is refused.
    const create = await post(
      {
        clientId,
        device: 'intruder',
        baseVersion: null,
        operations: [op('create', { title: 'Taken', audienceId: null })],
      },
      other,
    );
    expect(create.status).toBe(400);
    expect(await stored(clientId)).toEqual(before);
    expect((await storedPlaylists(other)).some((playlist) => playlist.client_id === clientId)).toBe(
      false,
    );
  });

  it('refuses a malformed request with 400 and applies none of it', async () => {
    const { clientId, version } = await seededPlaylist('Untouched');
    const good = { clientId, device: 'laptop', baseVersion: version };
    const rename = op('rename', { title: 'Changed' });
    const bad: [string, unknown][] = [
      ['not an object', [rename]],
      ['no client id', { ...good, clientId: undefined, operations: [rename] }],
      ['long client id', { ...good, clientId: 'x'.repeat(101), operations: [rename] }],
      ['empty device', { ...good, device: '', operations: [rename] }],
      ['bad base version', { ...good, baseVersion: 'latest', operations: [rename] }],
      ['operations not a list', { ...good, operations: rename }],
      [
        'too many operations',
        { ...good, operations: Array.from({ length: 1001 }, () => op('rename', { title: 'x' })) },
      ],
      ['operation without id', { ...good, operations: [rename, { type: 'rename', title: 'x' }] }],
      ['unknown type', { ...good, operations: [rename, op('truncate')] }],
      ['add without item', { ...good, operations: [rename, op('addItem', { after: null })] }],
      [
        'unknown item kind',
        {
          ...good,
          operations: [
            rename,
            op('addItem', {
              item: { ...activityItem(0), kind: 'ComponentSharedUserProfile' },
              after: null,
            }),
          ],
        },
      ],
      ['move without key', { ...good, operations: [rename, op('moveItem', { after: null })] }],
    ];
    for (const [name, body] of bad) {
      const answer = await post(body);
      expect(answer.status, name).toBe(400);
      expect(answer.body.error?.name, name).toBe('ValidationError');
      expect(answer.body.error?.message, name).toBeTruthy();
    }
    expect(await stored(clientId)).toMatchObject({ title: 'Untouched', version });
  });

  it('speaks the wire format’s version: 1 and a request without one (an older build’s outbox) are applied; a newer one is refused with 400, saying so, any other value with a 400 saying it names no version spoken, and neither changes anything', async () => {
    const { clientId, version } = await seededPlaylist('Protocol');
    const request = (protocol: unknown, title: string) => ({
      ...(protocol === undefined ? {} : { protocol }),
      clientId,
      device: 'laptop',
      baseVersion: null,
      operations: [op('rename', { title })],
    });
    const newer = await post(request(PLAYLIST_SYNC_PROTOCOL + 1, 'From the future'));
    expect(newer.status).toBe(400);
    expect(newer.body.error?.message).toMatch(/newer than the content service/);
    expect(await stored(clientId)).toMatchObject({ title: 'Protocol', version });
    // Every other class of value: older versions, fractions, text, null, lists, objects.
    for (const protocol of [0, -1, 1.5, 'abc', '1', null, [1], {}, true]) {
      const answer = await post(request(protocol, 'Not spoken'));
      expect(answer.status, JSON.stringify(protocol)).toBe(400);
      expect(answer.body.error?.message, JSON.stringify(protocol)).toMatch(
        /names no version of the playlist sync protocol the content service speaks/,
      );
      expect(answer.body.error?.message, JSON.stringify(protocol)).not.toMatch(/newer/);
    }
    expect(await stored(clientId)).toMatchObject({ title: 'Protocol', version });

    expect((await post(request(PLAYLIST_SYNC_PROTOCOL, 'Spoken'))).status).toBe(200);
    expect((await post(request(undefined, 'Older build'))).status).toBe(200);
    expect(await stored(clientId)).toMatchObject({ title: 'Older build' });
  });

  it("refuses what the playlist limits refuse with 400 and the limits' message, storing nothing of the request", async () => {
    const clientId = `pl-${randomUUID()}`;
    const full = Array.from({ length: 500 }, (_, index) => activityItem(index % 6));
    const created = await sync(clientId, 'laptop', null, [
      op('create', { title: 'Full', audienceId: null, items: full }),
    ]);
    const rename = op('rename', { title: 'Fuller' });
    const tooMany = await post({
      clientId,
      device: 'laptop',
      baseVersion: created.version,
      operations: [rename, op('addItem', { item: activityItem(0), after: null })],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.message).toBe(
      'A playlist can hold at most 500 items; this one has 501.',
    );
    const blank = await post({
      clientId,
      device: 'laptop',
      baseVersion: created.version,
      operations: [op('rename', { title: '  ' })],
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.message).toBe('Enter a name for the playlist.');
    const long = await post({
      clientId,
      device: 'laptop',
      baseVersion: created.version,
      operations: [op('rename', { title: 'x'.repeat(201) })],
    });
    expect(long.status).toBe(400);
    expect(long.body.error?.message).toBe(
      "The playlist's name is too long: at most 200 characters.",
    );

    const playlist = await stored(clientId);
    expect(playlist).toMatchObject({ title: 'Full', version: created.version });
    expect(playlist!.keys).toHaveLength(500);
    // The refused request's rename was not recorded as applied: sent again without the add, it applies.
    expect((await sync(clientId, 'laptop', created.version!, [rename])).state?.title).toBe(
      'Fuller',
    );
  });

  it("applies an outbox written before operations existed (replaceState) as that device's whole playlist", async () => {
    const { clientId, version } = await seededPlaylist('Before');
    const items = [audioItem(), activityItem(5)];
    const answer = await sync(clientId, 'old-app', version, [
      op('replaceState', { title: 'After', audienceId: audiences[1], items }),
    ]);
    expect(answer).toMatchObject({ status: 'applied', version: version + 1, conflicts: [] });
    expect(await stored(clientId)).toMatchObject({
      title: 'After',
      audienceId: audiences[1],
      keys: items.map((item) => item.key),
    });

    const fresh = `pl-${randomUUID()}`;
    const made = await sync(fresh, 'old-app', null, [
      op('replaceState', { title: 'Made offline', audienceId: null, items: [activityItem(1)] }),
    ]);
    expect(made).toMatchObject({ status: 'applied', version: 1 });
    expect((await stored(fresh))!.title).toBe('Made offline');
  });

  it("keeps the spec's CreatePlaylist, UpdatePlaylist and DeletePlaylist working; they move the version and key new items", async () => {
    const token = tokens[DEMO.subscriber];
    const clientId = `spec-${randomUUID()}`;
    const items = [
      {
        __typename: ACTIVITY,
        title: 'One',
        item: activities[0]!.documentId,
        context_path: '/a',
        playlist_order: 0,
      },
    ];
    const created = await graphql<{ createPlaylist: { documentId: string; version: number } }>(
      'mutation CreatePlaylist($data: PlaylistInput!) { createPlaylist(data: $data) { documentId version } }',
      token,
      { data: { title: 'Spec made', client_id: clientId, audience: null, playlist_item: items } },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createPlaylist.version).toBe(1);
    const documentId = created.data!.createPlaylist.documentId;
    const afterCreate = await stored(clientId);
    expect(afterCreate).toMatchObject({ version: 1, title: 'Spec made' });
    expect(afterCreate!.items[0]!.item_key).toMatch(/^[0-9a-f-]{36}$/);

    const update =
      'mutation UpdatePlaylist($id: ID!, $data: PlaylistInput!) { updatePlaylist(documentId: $id, data: $data) { title version } }';
    const updated = await graphql<{ updatePlaylist: { title: string; version: number } }>(
      update,
      token,
      {
        id: documentId,
        data: {
          title: 'Spec renamed',
          playlist_item: [...items, { ...items[0], title: 'Two', playlist_order: 1 }],
        },
      },
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updatePlaylist).toEqual({ title: 'Spec renamed', version: 2 });
    const afterUpdate = await stored(clientId);
    expect(afterUpdate!.version).toBe(2);
    expect(afterUpdate!.keys.every((key) => /^[0-9a-f-]{36}$/.test(key))).toBe(true);

    // The sync route works on what the mutations stored, by the keys the pull shows.
    const answer = await sync(clientId, 'laptop', 2, [
      op('removeItem', { key: afterUpdate!.keys[0] }),
    ]);
    expect(answer).toMatchObject({ version: 3, dropped: [] });
    expect((await stored(clientId))!.keys).toEqual([afterUpdate!.keys[1]]);

    const deleted = await graphql(
      'mutation DeletePlaylist($id: ID!) { deletePlaylist(documentId: $id) { documentId } }',
      token,
      { id: documentId },
    );
    expect(deleted.errors).toBeUndefined();
    expect(await stored(clientId)).toBeNull();
  });

  it('syncs a playlist made without a client id (the seed, the spec mutation) by cms-{documentId}, as the app names it', async () => {
    const token = tokens[DEMO.subscriber];
    const items = [
      {
        __typename: ACTIVITY,
        title: 'One',
        item: activities[0]!.documentId,
        context_path: '/a',
        playlist_order: 0,
      },
    ];
    const created = await graphql<{ createPlaylist: { documentId: string } }>(
      'mutation CreatePlaylist($data: PlaylistInput!) { createPlaylist(data: $data) { documentId } }',
      token,
      { data: { title: 'Made without a client id', playlist_item: items } },
    );
    expect(created.errors).toBeUndefined();
    const documentId = created.data!.createPlaylist.documentId;
    const clientId = `cms-${documentId}`;
    const first = await sync(clientId, 'laptop', 1, [
      op('rename', { title: 'Renamed by a device' }),
    ]);
    expect(first).toMatchObject({
      status: 'applied',
      documentId,
      state: { title: 'Renamed by a device' },
    });
    // The first write keeps the app's name as its client id; the next request finds it by that.
    expect((await stored(clientId))!.documentId).toBe(documentId);
    const second = await sync(clientId, 'tablet', first.version!, [
      op('removeItem', { key: first.state!.items[0]!.key }),
    ]);
    expect(second).toMatchObject({ status: 'applied', documentId });
    expect(second.state!.items).toEqual([]);
    // Another teacher naming it so gets nothing of it.
    const theirs = await post(
      {
        clientId,
        device: 'x',
        baseVersion: null,
        operations: [op('rename', { title: 'Taken over' })],
      },
      tokens[DEMO.subscriber2],
    );
    expect(theirs.body).toMatchObject({ status: 'deleted' });
    expect((await stored(clientId))!.title).toBe('Renamed by a device');
  });

  it('keys items stored before item keys existed by their component id, as the pull does', async () => {
    const token = tokens[DEMO.subscriber];
    const clientId = `legacy-${randomUUID()}`;
    const { version } = await sync(clientId, 'laptop', null, [
      op('create', {
        title: 'Legacy',
        audienceId: null,
        items: [activityItem(0), activityItem(1)],
      }),
    ]);
    const playlist = (await stored(clientId))!;
    // An item as stored before this change: no item_key.
    const cleared = await graphql(
      'mutation UpdatePlaylist($id: ID!, $data: PlaylistInput!) { updatePlaylist(documentId: $id, data: $data) { documentId } }',
      token,
      {
        id: playlist.documentId,
        data: {
          playlist_item: playlist.items.map((item) => ({
            __typename: item.__typename,
            id: item.id,
            item_key: null,
          })),
        },
      },
    );
    expect(cleared.errors).toBeUndefined();
    const legacy = (await stored(clientId))!;
    expect(legacy.items.map((item) => item.item_key)).toEqual([null, null]);
    expect(legacy.keys).toEqual(legacy.items.map((item) => `cms-${item.id}`));

    const answer = await sync(clientId, 'laptop', version! + 1, [
      op('moveItem', { key: legacy.keys[0], after: legacy.keys[1] }),
    ]);
    expect(answer.dropped).toEqual([]);
    expect(answer.state!.items.map((item) => item.key)).toEqual([legacy.keys[1], legacy.keys[0]]);
    // Stored with their keys from now on, so the keys stay the same across writes.
    expect((await stored(clientId))!.items.map((item) => item.item_key)).toEqual([
      legacy.keys[1],
      legacy.keys[0],
    ]);
  });

  it('refuses a visitor and an invalid token', async () => {
    const body = {
      clientId: `pl-${randomUUID()}`,
      device: 'laptop',
      baseVersion: null,
      operations: [op('create', { title: 'Anon', audienceId: null })],
    };
    expect([401, 403]).toContain((await post(body, null)).status);
    expect((await post(body, 'not-a-token')).status).toBe(401);
    const trial = await sync(
      body.clientId,
      'laptop',
      null,
      body.operations as Op[],
      tokens[DEMO.trial],
    );
    expect(trial.status).toBe('applied');
  });
});
