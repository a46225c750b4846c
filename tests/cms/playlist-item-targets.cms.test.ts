// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogIn, collection } from './support/admin-api';
import { DEMO, bootTestCms } from './support/test-cms';

// A playlist item points at a published activity page or at a recording of the audio library,
// and at nothing else: its owner reads the target back (REST populate, GraphQL, the sync pull),
// so any other reference would hand out a file or entry the owner may not see. Generated over
// every file of the media library, a draft-only and a missing activity, for a trial user and a
// subscriber, through every write path (REST create and update, GraphQL create and update, the
// sync route). Against the real CMS on a fresh database.

const REFUSAL = 'A playlist item must be an activity or a recording from the audio library.';
const AUDIO = 'ComponentPlaylistsAudioItem';
const ACTIVITY = 'ComponentPlaylistsActivity';
const COMPONENT = { [AUDIO]: 'playlists.audio-item', [ACTIVITY]: 'playlists.activity' } as const;
type Kind = keyof typeof COMPONENT;

const cms = bootTestCms('playlist-item-targets');
const { rest, graphql, logIn } = cms;

interface MediaFile {
  id: number;
  documentId: string;
  mime: string;
  url: string;
  name: string;
}
/** A reference a playlist item may carry: REST and GraphQL name a file by id, an activity by documentId; sync by documentId. */
interface Target {
  label: string;
  kind: Kind;
  ref: number | string;
  documentId: string;
  allowed: boolean;
}

const tally: Record<string, { tried: number; acceptedWrongly: number }> = {};
function count(category: string, refused: boolean) {
  const entry = (tally[category] ??= { tried: 0, acceptedWrongly: 0 });
  entry.tried += 1;
  if (!refused) entry.acceptedWrongly += 1;
}

let files: MediaFile[] = [];
const subscriberOnly = new Set<string>();
const targets: Target[] = [];
const tokens: Record<string, string> = {};
const USERS = [DEMO.trial, DEMO.subscriber] as const;

beforeAll(async () => {
  const admin = await adminLogIn(rest);
  const listed = await rest('/upload/files?pageSize=500', admin);
  files = (
    (Array.isArray(listed.body)
      ? listed.body
      : (listed.body as { results: unknown[] }).results) as MediaFile[]
  ).sort((a, b) => a.id - b.id);
  // The CMS's own documents route says which files are for subscribers only.
  for (const file of files) {
    const { status } = await rest(`/documents/${file.id}`, null, {
      headers: { Accept: 'application/json' },
    });
    if (status === 401) subscriberOnly.add(file.documentId);
  }
  const content = await graphql<{
    audioPages: { audio_excerpts: { audio_file: { documentId: string } | null }[] }[];
    activityPages: { documentId: string }[];
  }>(
    '{ audioPages(pagination: { limit: 500 }) { audio_excerpts { audio_file { documentId } } } activityPages(pagination: { limit: 2 }) { documentId } }',
  );
  const library = new Set(
    content.data!.audioPages.flatMap((page) =>
      page.audio_excerpts.map((excerpt) => excerpt.audio_file?.documentId ?? ''),
    ),
  );
  for (const file of files) {
    targets.push({
      label: `file ${file.id} ${file.name} (${file.mime})`,
      kind: AUDIO,
      ref: file.id,
      documentId: file.documentId,
      allowed: library.has(file.documentId),
    });
  }
  const missingFile = files[files.length - 1]!.id + 1000;
  targets.push({
    label: 'a file id that does not exist',
    kind: AUDIO,
    ref: missingFile,
    documentId: `missing${randomUUID().replaceAll('-', '').slice(0, 17)}`,
    allowed: false,
  });
  const published = content.data!.activityPages[0]!.documentId;
  targets.push({
    label: 'a published activity',
    kind: ACTIVITY,
    ref: published,
    documentId: published,
    allowed: true,
  });
  const draft = await rest(`${collection('api::activity-page.activity-page')}`, admin, {
    body: { title: 'Only a draft' },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBeLessThan(300);
  const draftId = (draft.body as { data: { documentId: string } }).data.documentId;
  targets.push({
    label: 'a draft-only activity',
    kind: ACTIVITY,
    ref: draftId,
    documentId: draftId,
    allowed: false,
  });
  const missing = `missing${randomUUID().replaceAll('-', '').slice(0, 17)}`;
  targets.push({
    label: 'an activity that does not exist',
    kind: ACTIVITY,
    ref: missing,
    documentId: missing,
    allowed: false,
  });
  // An audio item that names an activity, and an activity item that names a recording.
  const recording = files.find((file) => library.has(file.documentId))!;
  targets.push({
    label: 'an audio item naming an activity',
    kind: AUDIO,
    ref: published,
    documentId: published,
    allowed: false,
  });
  targets.push({
    label: 'an activity item naming a recording',
    kind: ACTIVITY,
    ref: recording.documentId,
    documentId: recording.documentId,
    allowed: false,
  });
  for (const user of USERS) tokens[user] = await logIn(user);
});

afterAll(() => {
  console.info(`playlist item targets (tried / accepted wrongly): ${JSON.stringify(tally)}`);
});

const item = (target: Target, ref: unknown = target.ref) => ({
  __component: COMPONENT[target.kind],
  title: 't',
  item: ref,
  context_path: '/x',
  playlist_order: 1,
});

/** Every target the owner can read back from a playlist, through REST populate, GraphQL and the sync pull. */
async function readBack(token: string, documentId: string): Promise<string[]> {
  const seen: string[] = [];
  const restRead = await rest(
    `/api/playlists/${documentId}?populate[playlist_item][populate]=*`,
    token,
  );
  expect(restRead.status).toBe(200);
  for (const entry of (
    restRead.body as { data: { playlist_item: { item: { documentId: string } | null }[] } }
  ).data.playlist_item) {
    if (entry.item) seen.push(entry.item.documentId);
  }
  const gql = await graphql<{
    playlist: { playlist_item: { item: { documentId: string } | null }[] };
  }>(
    `query P($id: ID!) { playlist(documentId: $id) { playlist_item { ... on ${AUDIO} { item { documentId } } ... on ${ACTIVITY} { item { documentId } } } } }`,
    token,
    { id: documentId },
  );
  for (const entry of gql.data?.playlist?.playlist_item ?? [])
    if (entry.item) seen.push(entry.item.documentId);
  const pull = await rest('/api/playlist-sync/changes', token, { body: { since: null } });
  expect(pull.status).toBe(200);
  const pulled = (
    pull.body as {
      playlists: { documentId: string; playlist_item: { item: { documentId: string } | null }[] }[];
    }
  ).playlists.find((p) => p.documentId === documentId);
  for (const entry of pulled?.playlist_item ?? []) if (entry.item) seen.push(entry.item.documentId);
  return seen;
}

async function emptyPlaylist(token: string) {
  const made = await rest('/api/playlists', token, {
    body: { data: { title: 'Targets', client_id: `t-${randomUUID()}`, playlist_item: [] } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body as { data: { documentId: string } }).data.documentId;
}

function expectAnswer(status: number, body: unknown, target: Target, category: string) {
  count(category, target.allowed || status === 400);
  if (target.allowed) {
    expect(status, `${target.label}: ${JSON.stringify(body)}`).toBeLessThan(300);
  } else {
    expect(status, `${target.label} was accepted`).toBe(400);
    expect((body as { error: { message: string } }).error.message).toBe(REFUSAL);
  }
}

describe('what a playlist item may point at', () => {
  it('has fixtures: recordings, subscriber-only documents, other files, activities', () => {
    expect(
      targets.filter((target) => target.kind === AUDIO && target.allowed).length,
    ).toBeGreaterThan(0);
    expect(subscriberOnly.size).toBeGreaterThan(0);
    // The library's recordings are open to all; every subscriber-only document is among the refused targets.
    expect(
      targets.filter((target) => subscriberOnly.has(target.documentId) && target.allowed),
    ).toEqual([]);
    expect(files.some((file) => !file.mime.startsWith('audio/'))).toBe(true);
  });

  for (const user of USERS) {
    it(`REST create and update, as ${user}: only a recording of the audio library or a published activity`, async () => {
      const token = tokens[user]!;
      const documentId = await emptyPlaylist(token);
      for (const target of targets) {
        const created = await rest('/api/playlists', token, {
          body: {
            data: { title: 'c', client_id: `t-${randomUUID()}`, playlist_item: [item(target)] },
          },
        });
        expectAnswer(created.status, created.body, target, 'REST create');
        if (created.status === 201)
          await rest(
            `/api/playlists/${(created.body as { data: { documentId: string } }).data.documentId}`,
            token,
            { method: 'DELETE' },
          );
        const updated = await rest(`/api/playlists/${documentId}`, token, {
          method: 'PUT',
          body: { data: { playlist_item: [item(target)] } },
        });
        expectAnswer(updated.status, updated.body, target, 'REST update');
        // Other spellings of the same reference.
        for (const spelled of [
          { id: target.ref },
          { connect: [target.kind === AUDIO ? { id: target.ref } : { documentId: target.ref }] },
          String(target.ref),
        ]) {
          const again = await rest(`/api/playlists/${documentId}`, token, {
            method: 'PUT',
            body: { data: { playlist_item: [item(target, spelled)] } },
          });
          count('REST update (other spellings)', target.allowed || again.status >= 400);
          if (!target.allowed)
            expect(again.status, `${target.label} as ${JSON.stringify(spelled)}`).toBe(400);
        }
        const seen = await readBack(token, documentId);
        expect(
          seen.every((seenId) => targets.some((t) => t.allowed && t.documentId === seenId)),
          `${target.label}: read back ${seen}`,
        ).toBe(true);
      }
    });

    it(`GraphQL create and update, as ${user}: only a recording of the audio library or a published activity`, async () => {
      const token = tokens[user]!;
      const documentId = await emptyPlaylist(token);
      for (const target of targets) {
        const data = {
          playlist_item: [
            {
              __typename: target.kind,
              title: 't',
              item: String(target.ref),
              context_path: '/x',
              playlist_order: 1,
            },
          ],
        };
        const created = await graphql<{ createPlaylist: { documentId: string } | null }>(
          'mutation C($data: PlaylistInput!) { createPlaylist(data: $data) { documentId } }',
          token,
          { data: { title: 'g', client_id: `t-${randomUUID()}`, ...data } },
        );
        const createdOk = Boolean(created.data?.createPlaylist);
        count('GraphQL create', target.allowed || !createdOk);
        expect(createdOk, `${target.label}: ${JSON.stringify(created.errors)}`).toBe(
          target.allowed,
        );
        if (!target.allowed) expect(created.errors?.[0]?.message).toBe(REFUSAL);
        if (createdOk)
          await rest(`/api/playlists/${created.data!.createPlaylist!.documentId}`, token, {
            method: 'DELETE',
          });
        const updated = await graphql<{ updatePlaylist: { documentId: string } | null }>(
          'mutation U($id: ID!, $data: PlaylistInput!) { updatePlaylist(documentId: $id, data: $data) { documentId } }',
          token,
          { id: documentId, data },
        );
        const updatedOk = Boolean(updated.data?.updatePlaylist);
        count('GraphQL update', target.allowed || !updatedOk);
        expect(updatedOk, `${target.label}: ${JSON.stringify(updated.errors)}`).toBe(
          target.allowed,
        );
      }
      const seen = await readBack(token, documentId);
      expect(
        seen.every((seenId) => targets.some((t) => t.allowed && t.documentId === seenId)),
      ).toBe(true);
    });

    it(`the sync route, as ${user}: leaves out any other target on create, addItem and replaceState`, async () => {
      const token = tokens[user]!;
      const sync = async (clientId: string, operations: Record<string, unknown>[]) => {
        const answer = await rest('/api/playlist-sync', token, {
          body: {
            clientId,
            device: 'test',
            baseVersion: null,
            operations: operations.map((operation) => ({ id: `op-${randomUUID()}`, ...operation })),
          },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.body as { documentId: string; state: { items: { itemId: string }[] } };
      };
      const syncItem = (target: Target) => ({
        key: `k-${randomUUID()}`,
        kind: target.kind,
        itemId: target.documentId,
        title: 't',
        contextPath: '/x',
      });
      const clientId = `pl-${randomUUID()}`;
      const { documentId } = await sync(clientId, [
        { type: 'create', title: 'Sync targets', audienceId: null, items: [] },
      ]);
      for (const target of targets) {
        const created = await sync(`pl-${randomUUID()}`, [
          { type: 'create', title: 's', audienceId: null, items: [syncItem(target)] },
        ]);
        count('sync create', target.allowed || created.state.items.length === 0);
        expect(
          created.state.items.map((entry) => entry.itemId),
          target.label,
        ).toEqual(target.allowed ? [target.documentId] : []);
        await rest(`/api/playlists/${created.documentId}`, token, { method: 'DELETE' });
        const added = await sync(clientId, [
          { type: 'addItem', item: syncItem(target), after: null },
        ]);
        count(
          'sync addItem',
          target.allowed || !added.state.items.some((entry) => entry.itemId === target.documentId),
        );
        expect(
          added.state.items.some((entry) => entry.itemId === target.documentId),
          target.label,
        ).toBe(target.allowed);
        const replaced = await sync(clientId, [
          {
            type: 'replaceState',
            title: 'Sync targets',
            audienceId: null,
            items: [syncItem(target)],
          },
        ]);
        count(
          'sync replaceState',
          target.allowed ||
            !replaced.state.items.some((entry) => entry.itemId === target.documentId),
        );
        expect(
          replaced.state.items.some((entry) => entry.itemId === target.documentId),
          target.label,
        ).toBe(target.allowed);
      }
      const seen = await readBack(token, documentId);
      expect(
        seen.every((seenId) => targets.some((t) => t.allowed && t.documentId === seenId)),
      ).toBe(true);
    });
  }

  it('answers a client_id that is not text with a 400, on create and update', async () => {
    const documentId = await emptyPlaylist(tokens[DEMO.trial]!);
    for (const clientId of [
      {},
      { a: 1 },
      { $ne: 'x' },
      { $eq: 'x' },
      { $in: ['a'] },
      { $null: true },
      ['a'],
      [],
      12,
      true,
    ]) {
      const answer = await rest('/api/playlists', tokens[DEMO.trial]!, {
        body: { data: { title: 'Odd id', client_id: clientId, playlist_item: [] } },
      });
      count('client_id shape', answer.status === 400);
      expect(answer.status, JSON.stringify(clientId)).toBe(400);
      const renamed = await rest(`/api/playlists/${documentId}`, tokens[DEMO.trial]!, {
        method: 'PUT',
        body: { data: { client_id: clientId } },
      });
      count('client_id shape', renamed.status === 400);
      expect(renamed.status, `update to ${JSON.stringify(clientId)}`).toBe(400);
    }
  });

  // Every other relation a teacher writes on a type they own (the schema's, less the owner): a
  // draft-only entry it names is not handed back by any read of the owned entry.
  const OWNED = { playlist: '/api/playlists', 'custom-scheme': '/api/custom-schemes' } as const;
  it('keeps draft-only entries out of every other relation of a teacher-owned type, on create and update', async () => {
    const admin = await adminLogIn(rest);
    const token = tokens[DEMO.trial]!;
    const schema = (name: string) =>
      JSON.parse(
        readFileSync(
          new URL(`../../cms/src/api/${name}/content-types/${name}/schema.json`, import.meta.url),
          'utf8',
        ),
      ) as {
        options?: { draftAndPublish?: boolean };
        attributes: Record<
          string,
          { type: string; relation?: string; target?: string; required?: boolean }
        >;
      };
    let tried = 0;
    for (const [owned, path] of Object.entries(OWNED)) {
      for (const [field, attribute] of Object.entries(schema(owned).attributes)) {
        if (attribute.type !== 'relation' || !attribute.target?.startsWith('api::')) continue;
        const target = attribute.target.split('.')[1]!;
        const targetSchema = schema(target);
        if (!targetSchema.options?.draftAndPublish) continue;
        const mark = `Draft only ${randomUUID()}`;
        const data = Object.fromEntries(
          Object.entries(targetSchema.attributes)
            .filter(([, spec]) => spec.required)
            .map(([name, spec]) => [name, spec.type === 'uid' ? `draft-${randomUUID()}` : mark]),
        );
        const draft = await rest(collection(attribute.target), admin, {
          body: { ...data, title: mark },
        });
        expect(draft.status, JSON.stringify(draft.body)).toBeLessThan(300);
        const draftId = (draft.body as { data: { documentId: string } }).data.documentId;
        const reference = attribute.relation?.endsWith('ToMany') ? [draftId] : draftId;
        const extra =
          owned === 'playlist' ? { client_id: `t-${randomUUID()}`, playlist_item: [] } : {};
        const created = await rest(path, token, {
          body: { data: { title: 'Relations', ...extra, [field]: reference } },
        });
        const blank = await rest(path, token, {
          body: {
            data: {
              title: 'Relations',
              ...(owned === 'playlist' ? { client_id: `t-${randomUUID()}` } : {}),
            },
          },
        });
        const blankId = (blank.body as { data: { documentId: string } }).data.documentId;
        const updated = await rest(`${path}/${blankId}`, token, {
          method: 'PUT',
          body: { data: { [field]: reference } },
        });
        for (const [how, answer, documentId] of [
          ['create', created, (created.body as { data?: { documentId: string } }).data?.documentId],
          ['update', updated, blankId],
        ] as const) {
          tried += 1;
          if (!documentId || answer.status >= 400) {
            count(`draft-only ${owned}.${field} (${how})`, true);
            continue;
          }
          const read = await rest(`${path}/${documentId}?populate=*`, token);
          const listed = await rest(`${path}?populate=*`, token);
          const gql = await graphql(
            `{ ${owned === 'playlist' ? 'playlists' : 'customSchemes'} { ${field} { title } } }`,
            token,
          );
          const leaked =
            [read, listed].some((answer) => JSON.stringify(answer.body).includes(mark)) ||
            JSON.stringify(gql).includes(mark);
          count(`draft-only ${owned}.${field} (${how})`, !leaked);
          expect(leaked, `${owned}.${field} (${how}) hands back a draft-only ${target}`).toBe(
            false,
          );
        }
      }
    }
    expect(tried).toBeGreaterThanOrEqual(8);
  });
});
