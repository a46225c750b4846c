// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogIn, type RoleAnswer } from './support/admin-api';
import { DEMO, bootTestCms } from './support/test-cms';

// A playlist write costs what it changes, not the playlist's size: through POST /api/playlist-sync
// (the app's sync) a rename updates the playlist's row, an added item inserts its rows, a move
// touches the moved item and a removal deletes one item's rows. Proved by counting the INSERT,
// UPDATE and DELETE statements each request runs (the CMS reports them with
// CMS_COUNT_DB_WRITES=true: cms/src/bootstrap/write-counter.js), on a 5-item playlist and on a
// 500-item one (the most a playlist holds) with a long history of applied operations; then the
// playlist is read back through the spec's Playlists query to show the writes kept it whole.

const ACTIVITY = 'ComponentPlaylistsActivity';
const AUDIO = 'ComponentPlaylistsAudioItem';
const SMALL = 5;
const LARGE = 500;
/** What one edit may write whatever the size: the row, the item's rows, the applied operation's id and its bound. */
const MOST_WRITES_PER_EDIT = 8;

interface Item {
  key: string;
  kind: string;
  itemId: string;
  title: string;
  contextPath: string;
}
type Op = Record<string, unknown> & { id: string; type: string };
interface SyncAnswer {
  status: string;
  version: number;
  state: { title: string; items: Item[] };
}
interface ServerPlaylist {
  client_id: string | null;
  title: string;
  playlist_item: {
    __typename: string;
    id: string;
    item_key: string | null;
    playlist_order: number | null;
    title: string | null;
    context_path: string | null;
    item: { documentId: string } | null;
  }[];
}

// The role permissions' memory lasts the whole run here, so only a change can end it.
const cms = bootTestCms('playlist-write-cost', {
  env: { CMS_COUNT_DB_WRITES: 'true', CMS_ROLE_PERMISSIONS_TTL_MS: '3600000' },
});
let token = '';
let activities: { documentId: string; title: string }[] = [];
let audioFileId = '';

const op = (type: string, fields: Record<string, unknown> = {}): Op => ({
  id: `op-${randomUUID()}`,
  type,
  ...fields,
});
const itemAt = (index: number): Item =>
  index % 7 === 3
    ? {
        key: `audio-${randomUUID()}`,
        kind: AUDIO,
        itemId: audioFileId,
        title: `Excerpt ${index}`,
        contextPath: '/audio',
      }
    : {
        key: `item-${randomUUID()}`,
        kind: ACTIVITY,
        itemId: activities[index % activities.length]!.documentId,
        title: `Activity ${index}`,
        contextPath: `/activities/${index}`,
      };

/** One sync request, answered 200; with the statements it wrote. */
async function sync(clientId: string, baseVersion: number | null, operations: Op[]) {
  const response = await fetch(`${cms.url}/api/playlist-sync`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ clientId, device: 'laptop', baseVersion, operations }),
  });
  const body = (await response.json()) as SyncAnswer;
  expect(response.status, JSON.stringify(body).slice(0, 500)).toBe(200);
  const writes = response.headers.get('x-db-writes');
  expect(writes, 'the CMS counts its writes (CMS_COUNT_DB_WRITES)').not.toBeNull();
  return {
    answer: body,
    writes: Number(writes),
    tables: response.headers.get('x-db-write-tables') ?? '',
    reads: response.headers.get('x-db-read-tables') ?? '',
  };
}

/** One pull of what changed since `since` (the app's POST /api/playlist-sync/changes), with the tables it read. */
async function pull(since: string | null, status = 200) {
  const response = await fetch(`${cms.url}/api/playlist-sync/changes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ since, activityCards: 'shared' }),
  });
  const body = (await response.json()) as { cursor: string };
  expect(response.status, JSON.stringify(body).slice(0, 500)).toBe(status);
  return { answer: body, reads: response.headers.get('x-db-read-tables') ?? '' };
}

/** How many of a request's reads were from `table`. */
const readsOf = (reads: string, table: string) =>
  reads.split(', ').filter((read) => read === table).length;

async function storedPlaylist(clientId: string) {
  const { data, errors } = await cms.graphql<{ playlists: ServerPlaylist[] }>(
    `query Playlists {
      playlists(pagination: { limit: 1000 }) {
        client_id title
        playlist_item {
          __typename
          ... on ComponentPlaylistsActivity { id item_key title context_path playlist_order item { documentId } }
          ... on ComponentPlaylistsAudioItem { id item_key title context_path playlist_order item { documentId } }
        }
      }
    }`,
    token,
  );
  expect(errors).toBeUndefined();
  return data!.playlists.find((playlist) => playlist.client_id === clientId)!;
}

type Edit = 'rename' | 'add' | 'move' | 'remove';
/** Makes a playlist of `size` items with a history of 1,000 applied operations, then edits it once of each kind. */
async function editsOf(size: number) {
  const clientId = `pl-${randomUUID()}`;
  const items = Array.from({ length: size }, (_, index) => itemAt(index));
  let { answer } = await sync(clientId, null, [
    op('create', { title: `${size} items`, audienceId: null, items }),
  ]);
  ({ answer } = await sync(
    clientId,
    answer.version,
    Array.from({ length: 1000 }, (_, index) => op('rename', { title: `History ${index}` })),
  ));
  const keys = () => answer.state.items.map((item) => item.key);
  const writes = {} as Record<Edit, { count: number; tables: string }>;
  const edit = async (kind: Edit, operation: Op) => {
    const result = await sync(clientId, answer.version, [operation]);
    answer = result.answer;
    writes[kind] = { count: result.writes, tables: result.tables };
  };
  await edit('rename', op('rename', { title: `${size} items, renamed` }));
  await edit('move', op('moveItem', { key: keys()[size - 1], after: keys()[1] }));
  await edit('remove', op('removeItem', { key: keys()[2] }));
  await edit('add', op('addItem', { item: itemAt(size + 1), after: keys()[Math.floor(size / 2)] }));
  return { clientId, answer, writes };
}

beforeAll(async () => {
  token = await cms.logIn(DEMO.subscriber);
  const content = await cms.graphql<{
    activityPages: { documentId: string; title: string }[];
    audioPages: { audio_excerpts: { audio_file: { documentId: string } | null }[] }[];
  }>(
    `query Content {
      activityPages(pagination: { limit: 6 }) { documentId title }
      audioPages(pagination: { limit: 5 }) { audio_excerpts { audio_file { documentId } } }
    }`,
    token,
  );
  expect(content.errors).toBeUndefined();
  activities = content.data!.activityPages;
  audioFileId = content
    .data!.audioPages.flatMap((page) => page.audio_excerpts)
    .find((excerpt) => excerpt.audio_file)!.audio_file!.documentId;
});

describe('a playlist write costs what it changes', () => {
  it('a rename, an add, a move and a removal write as many rows on a 500-item playlist as on a 5-item one', async () => {
    const small = await editsOf(SMALL);
    const large = await editsOf(LARGE);
    for (const kind of ['rename', 'add', 'move', 'remove'] as Edit[]) {
      const message = `${kind}: ${SMALL} items wrote ${small.writes[kind].tables}; ${LARGE} items wrote ${large.writes[kind].tables.slice(0, 600)}`;
      expect(large.writes[kind].count, message).toBe(small.writes[kind].count);
      expect(small.writes[kind].count, message).toBeLessThanOrEqual(MOST_WRITES_PER_EDIT);
    }
    // The rows written are the playlist the CMS answered, in its order, with every item's fields;
    // playlist_order is each item's place.
    for (const { clientId, answer } of [small, large]) {
      const stored = await storedPlaylist(clientId);
      expect(stored.title).toBe(answer.state.title);
      const places = stored.playlist_item.map((item) => [
        item.item_key,
        item.__typename,
        item.item?.documentId,
        item.title,
        item.context_path,
        item.playlist_order,
      ]);
      expect(places).toEqual(
        answer.state.items.map((item, index) => [
          item.key,
          item.kind,
          item.itemId,
          item.title,
          item.contextPath,
          index,
        ]),
      );
    }
  });

  it('a rename writes no item rows, however many items the playlist has', async () => {
    const { writes } = await editsOf(SMALL);
    expect(writes.rename.tables).not.toMatch(/components_playlists|playlists_cmps/);
  });

  it('many adds in one request write a few multi-row statements, not some for each item', async () => {
    /** Writes of one request that adds `count` items to a new empty playlist. */
    const addsOf = async (count: number) => {
      const clientId = `pl-${randomUUID()}`;
      const { answer } = await sync(clientId, null, [
        op('create', { title: `${count} adds`, audienceId: null, items: [] }),
      ]);
      const operations = Array.from({ length: count }, (_, index) =>
        op('addItem', { item: itemAt(index), after: null }),
      );
      const result = await sync(clientId, answer.version, operations);
      expect(result.answer.state.items).toHaveLength(count);
      const stored = await storedPlaylist(clientId);
      expect(
        stored.playlist_item.map((item) => [
          item.item_key,
          item.item?.documentId,
          item.playlist_order,
        ]),
      ).toEqual(result.answer.state.items.map((item, index) => [item.key, item.itemId, index]));
      return result;
    };
    const few = await addsOf(10);
    const more = await addsOf(150);
    const most = await addsOf(LARGE);
    expect(more.writes, `10 adds wrote ${few.tables}; 150 adds wrote ${more.tables}`).toBe(
      few.writes,
    );
    // 500 rows take a few INSERTs per table (a statement holds a bounded number of rows): at most
    // two more for each of the component, link and zone tables of each kind.
    expect(
      most.writes,
      `10 adds wrote ${few.tables}; ${LARGE} adds wrote ${most.tables}`,
    ).toBeLessThanOrEqual(few.writes + 2 * 6);
  });

  it('a create with many items writes a few multi-row statements, not some for each item', async () => {
    const createOf = async (count: number) => {
      const clientId = `pl-${randomUUID()}`;
      const items = Array.from({ length: count }, (_, index) => itemAt(index));
      const result = await sync(clientId, null, [
        op('create', { title: `${count} items`, audienceId: null, items }),
      ]);
      const stored = await storedPlaylist(clientId);
      expect(
        stored.playlist_item.map((item) => [
          item.item_key,
          item.item?.documentId,
          item.playlist_order,
        ]),
      ).toEqual(items.map((item, index) => [item.key, item.itemId, index]));
      return result;
    };
    const few = await createOf(10);
    const most = await createOf(LARGE);
    expect(
      most.writes,
      `10 items wrote ${few.tables}; ${LARGE} items wrote ${most.tables}`,
    ).toBeLessThanOrEqual(few.writes + 2 * 6);
  });
});

describe("a sync request's own cost", () => {
  // The write budget needs only whose signed token it is (no read); the content API's
  // authentication checks the token once the body has arrived, and the account's row read for
  // that check (its password change time) is the user the request acts for. A sync route is a
  // teacher's own: no API token is looked up.
  it('a push and a pull read the signed-in account once, however many steps need it, and no API token', async () => {
    const clientId = `pl-${randomUUID()}`;
    const made = await sync(clientId, null, [
      op('create', { title: 'One read of the account', audienceId: null, items: [itemAt(0)] }),
    ]);
    const push = await sync(clientId, made.answer.version, [
      op('addItem', { item: itemAt(1), after: null }),
    ]);
    const first = await pull(null);
    const quiet = await pull(first.answer.cursor);
    for (const [name, { reads }] of Object.entries({ push, first, quiet })) {
      expect(readsOf(reads, 'up_users'), `${name} read ${reads}`).toBe(1);
      expect(readsOf(reads, 'strapi_api_tokens'), `${name} read ${reads}`).toBe(0);
    }
  });

  // The role's permissions are the heaviest read of a sync request (every permission row of the
  // role): each instance keeps them for a short while, and any change to a role forgets them.
  it("reads the teacher's role permissions once, and again after the role changes", async () => {
    const { rest } = cms;
    await pull(null);
    const again = await pull(null);
    expect(readsOf(again.reads, 'up_permissions'), `second pull read ${again.reads}`).toBe(0);

    const me = await rest('/api/users/me', token);
    const roleId = (me.body as { role: { id: number } }).role.id;
    const admin = await adminLogIn(rest);
    const { body } = await rest(`/users-permissions/roles/${roleId}`, admin);
    const role = (body as { role: RoleAnswer }).role;
    const syncAction = role.permissions['api::playlist-sync']!.controllers['playlist-sync']!.sync!;
    expect(syncAction.enabled).toBe(true);
    const save = async (enabled: boolean) => {
      syncAction.enabled = enabled;
      const saved = await rest(`/users-permissions/roles/${roleId}`, admin, {
        method: 'PUT',
        body: { name: role.name, description: role.description, permissions: role.permissions },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    try {
      await save(false);
      const refused = await pull(null, 403);
      expect(readsOf(refused.reads, 'up_permissions'), `refused pull read ${refused.reads}`).toBe(
        1,
      );
    } finally {
      await save(true);
    }
    const allowed = await pull(null);
    expect(readsOf(allowed.reads, 'up_permissions'), `allowed pull read ${allowed.reads}`).toBe(1);
  });

  // The sign-in settings (users-permissions' "advanced": whether an unconfirmed e-mail may sign
  // in) are read by the authentication on every request: kept like the role's permissions, and
  // forgotten by any change to them.
  it('reads the sign-in settings once, and again after they change', async () => {
    const { rest } = cms;
    await pull(null);
    const again = await pull(null);
    const SETTINGS = 'strapi_core_store_settings';
    expect(readsOf(again.reads, SETTINGS), `second pull read ${again.reads}`).toBe(0);

    const admin = await adminLogIn(rest);
    const { body } = await rest('/users-permissions/advanced', admin);
    const settings = (body as { settings: Record<string, unknown> }).settings;
    const saved = await rest('/users-permissions/advanced', admin, {
      method: 'PUT',
      body: settings,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const afterChange = await pull(null);
    expect(
      readsOf(afterChange.reads, SETTINGS),
      `pull after the change read ${afterChange.reads}`,
    ).toBe(1);
  });
});

// Every column the sync finds a teacher's rows by is indexed, so a lookup costs the same with ten
// playlists in the database as with ten thousand. Read from SQLite's query plans (the same
// schema declares the indexes PostgreSQL gets).
describe.skipIf(Boolean(process.env.DATABASE_URL))("the sync's lookups use an index", () => {
  const LOOKUPS = [
    { table: 'playlists', where: 'client_id = ?', values: ['x'] },
    { table: 'playlists', where: 'client_id IN (?, ?)', values: ['x', 'y'] },
    { table: 'playlist_tombstones', where: 'owner_id = ? AND client_id = ?', values: [1, 'x'] },
    {
      table: 'playlist_applied_ops',
      where: 'owner_id = ? AND client_id = ? AND op_id = ?',
      values: [1, 'x', 'o'],
    },
    // Every write forgets a playlist's oldest ids beyond the ones it keeps: the newest kept is
    // found by walking the playlist's ids newest first, not by sorting all of them at each write.
    {
      table: 'playlist_applied_ops',
      where: 'owner_id = ? AND client_id = ? ORDER BY id DESC LIMIT 1 OFFSET 1999',
      values: [1, 'x'],
    },
  ];
  it.each(LOOKUPS)('$table by $where', ({ table, where, values }) => {
    const database = new (createRequire(join(process.cwd(), 'cms', 'package.json'))(
      'better-sqlite3',
    ))(join(cms.dataDir, 'data.db'), { readonly: true });
    try {
      const plan = database
        .prepare(`EXPLAIN QUERY PLAN SELECT id FROM ${table} WHERE ${where}`)
        .all(...values)
        .map((step: { detail: string }) => step.detail)
        .join('; ');
      expect(plan).toMatch(/USING (?:COVERING )?INDEX/);
      expect(plan).not.toMatch(new RegExp(`SCAN ${table}\\b`));
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } finally {
      database.close();
    }
  });
});

// A write's commit syncs one file: SQLite runs with a write-ahead log, where the default rollback
// journal wrote and synced a journal and the database and deleted the journal at every commit.
// `synchronous = FULL` keeps each commit on disk before the CMS answers, so an edit a device was
// told is applied survives a power cut.
describe.skipIf(Boolean(process.env.DATABASE_URL))('SQLite commits', () => {
  const sqlite = () => createRequire(join(process.cwd(), 'cms', 'package.json'))('better-sqlite3');

  it('the running CMS keeps its database in write-ahead-log mode', () => {
    const database = new (sqlite())(join(cms.dataDir, 'data.db'), { readonly: true });
    try {
      expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      database.close();
    }
  });

  it('every connection the CMS opens syncs each commit in full', async () => {
    const config = createRequire(join(process.cwd(), 'cms', 'package.json'))(
      './config/database.js',
    ) as (strapi: { env: (name: string, fallback: unknown) => unknown }) => {
      connection: { pool: { afterCreate: (connection: unknown, done: () => void) => void } };
    };
    const env = (_name: string, fallback: unknown) => fallback;
    const { afterCreate } = config({ env }).connection.pool;
    const database = new (sqlite())(join(cms.dataDir, 'pragma-check.db'));
    try {
      await new Promise<void>((done) => afterCreate(database, done));
      expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
      // 2 is FULL (0 OFF, 1 NORMAL, 3 EXTRA).
      expect(database.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      database.close();
    }
  });
});
