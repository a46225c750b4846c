// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogIn, collection } from './support/admin-api';
import { DEMO, bootTestCms } from './support/test-cms';

// An operation may name something the CMS no longer has by the time it arrives: an audience an
// editor deleted or unpublished while the device was offline, an activity page or recording gone
// from the library. Such a reference never blocks the rest of the device's batch: the CMS applies
// everything else, leaves the dead reference out (no audience; no item), and names it in the
// answer's `gone`, so the device shows what the CMS holds and tells the teacher why.

const ACTIVITY = 'ComponentPlaylistsActivity';
const AUDIENCE = 'api::audience.audience';

interface Item {
  key: string;
  kind: string;
  itemId: string;
  title: string;
  contextPath: string;
}
type Op = Record<string, unknown> & { id: string; type: string };
interface Gone {
  type: string;
  id: string;
  key?: string;
  title?: string;
}
interface SyncAnswer {
  status: string;
  version?: number;
  applied?: string[];
  dropped?: string[];
  state?: { title: string; audienceId: string | null; items: Item[] };
  gone?: Gone[];
  error?: { message: string };
}

const cms = bootTestCms('playlist-sync-gone');
const { graphql, logIn, rest } = cms;
let token = '';
let admin = '';
let activities: { documentId: string; title: string }[] = [];

async function sync(clientId: string, baseVersion: number | null, operations: Op[]) {
  const response = await fetch(`${cms.url}/api/playlist-sync`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ clientId, device: 'laptop', baseVersion, operations }),
  });
  const body = (await response.json()) as SyncAnswer;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** The playlist as the owner's pull reads it. */
async function stored(clientId: string) {
  const { data, errors } = await graphql<{
    playlists: {
      client_id: string;
      title: string;
      audience: { documentId: string } | null;
      playlist_item: { item_key: string; item: { documentId: string } | null }[];
    }[];
  }>(
    `
      query {
        playlists(pagination: { limit: 1000 }) {
          client_id
          title
          audience {
            documentId
          }
          playlist_item {
            ... on ComponentPlaylistsActivity {
              item_key
              item {
                documentId
              }
            }
          }
        }
      }
    `,
    token,
  );
  expect(errors).toBeUndefined();
  const playlist = data!.playlists.find((candidate) => candidate.client_id === clientId)!;
  return {
    title: playlist.title,
    audienceId: playlist.audience?.documentId ?? null,
    keys: playlist.playlist_item.map((item) => item.item_key),
  };
}

const op = (type: string, fields: Record<string, unknown> = {}): Op => ({
  id: `op-${randomUUID()}`,
  type,
  ...fields,
});
const activityItem = (index: number): Item => ({
  key: `item-${randomUUID()}`,
  kind: ACTIVITY,
  itemId: activities[index]!.documentId,
  title: activities[index]!.title,
  contextPath: `/activities/${index}`,
});

/** An audience an editor made and published in the admin panel; returns its documentId. */
async function publishedAudience(title: string): Promise<string> {
  const slug = `${title.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  const made = await rest(collection(AUDIENCE), admin, { body: { title, slug } });
  expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
  const documentId = (made.body as { data: { documentId: string } }).data.documentId;
  const published = await rest(`${collection(AUDIENCE, documentId)}/actions/publish`, admin, {
    body: {},
  });
  expect(published.status, JSON.stringify(published.body)).toBeLessThan(300);
  return documentId;
}

beforeAll(async () => {
  token = await logIn(DEMO.subscriber);
  admin = await adminLogIn(rest);
  const content = await graphql<{ activityPages: { documentId: string; title: string }[] }>(
    'query { activityPages(pagination: { limit: 4 }) { documentId title } }',
    token,
  );
  expect(content.errors).toBeUndefined();
  activities = content.data!.activityPages;
  expect(activities.length).toBeGreaterThanOrEqual(4);
});

describe('POST /api/playlist-sync with references the CMS no longer has', () => {
  it('a deleted audience and a vanished activity do not block the batch: the rest is applied, the playlist keeps no audience, the item is left out, and the answer names both', async () => {
    const temp = await publishedAudience('Temp');
    const clientId = `pl-${randomUUID()}`;
    const items = [activityItem(0), activityItem(1)];
    const made = await sync(clientId, null, [
      op('create', { title: 'Warm-ups', audienceId: null, items }),
    ]);

    // Offline: the teacher renames, sets the audience to Temp, removes an item and adds two, one of
    // them an activity that is gone by the time the batch arrives. Meanwhile an editor deletes Temp.
    const kept = activityItem(2);
    const vanished: Item = {
      ...activityItem(3),
      itemId: `gone${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      title: 'A song no longer there',
    };
    const batch = [
      op('rename', { title: 'Monday warm-ups' }),
      op('setAudience', { audienceId: temp }),
      op('removeItem', { key: items[0]!.key }),
      op('addItem', { item: kept, after: items[1]!.key }),
      op('addItem', { item: vanished, after: kept.key }),
    ];
    const deleted = await rest(collection(AUDIENCE, temp), admin, { method: 'DELETE' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);

    const answer = await sync(clientId, made.version!, batch);
    expect(answer.status).toBe('applied');
    expect(answer.applied).toEqual(batch.map((operation) => operation.id));
    expect(answer.dropped).toEqual([]);
    expect(answer.state).toEqual({
      title: 'Monday warm-ups',
      audienceId: null,
      items: [items[1], kept],
    });
    expect(answer.gone).toEqual([
      { type: 'audience', id: temp },
      { type: 'item', id: vanished.itemId, key: vanished.key, title: vanished.title },
    ]);
    expect(await stored(clientId)).toEqual({
      title: 'Monday warm-ups',
      audienceId: null,
      keys: [items[1]!.key, kept.key],
    });

    // A replay of the same batch (a lost answer) changes nothing and names nothing new.
    const replay = await sync(clientId, made.version!, batch);
    expect(replay.state).toEqual(answer.state);
    expect(replay.gone).toEqual([]);
  });

  it('a playlist made offline with an audience since unpublished is made, with no audience, and the answer says so', async () => {
    const temp = await publishedAudience('Later');
    const unpublished = await rest(`${collection(AUDIENCE, temp)}/actions/unpublish`, admin, {
      body: {},
    });
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBeLessThan(300);
    const clientId = `pl-${randomUUID()}`;
    const item = activityItem(0);
    const answer = await sync(clientId, null, [
      op('create', { title: 'Friday songs', audienceId: temp, items: [item] }),
    ]);
    expect(answer.status).toBe('applied');
    expect(answer.state).toEqual({ title: 'Friday songs', audienceId: null, items: [item] });
    expect(answer.gone).toEqual([{ type: 'audience', id: temp }]);
    expect(await stored(clientId)).toEqual({
      title: 'Friday songs',
      audienceId: null,
      keys: [item.key],
    });
  });

  it('an audience that still exists is kept and nothing is named', async () => {
    const live = await publishedAudience('Live');
    const clientId = `pl-${randomUUID()}`;
    const answer = await sync(clientId, null, [
      op('create', { title: 'Kept', audienceId: null, items: [] }),
      op('setAudience', { audienceId: live }),
    ]);
    expect(answer.state?.audienceId).toBe(live);
    expect(answer.gone).toEqual([]);
    expect((await stored(clientId)).audienceId).toBe(live);
  });
});
