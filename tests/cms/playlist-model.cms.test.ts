// @vitest-environment node
import { writeFileSync } from 'node:fs';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../scripts/seeded-random.mjs';
import type {
  PlaylistApi,
  PlaylistChanges,
  PlaylistSyncAnswer,
  PlaylistSyncRequest,
} from '../../src/lib/sync/playlist-api';
import type { ServerPlaylist } from '../../src/lib/sync/playlist-mapping';
import { bootTestCms } from './support/test-cms';

// The model-based proof of playlist sync: three devices of one teacher, each with its own
// IndexedDB and the app's own outbox and replay code, edit the same playlists in a seeded random
// interleaving against the real CMS, with offline periods, lost replies, duplicated deliveries and
// devices reconnecting at once. At the end every device and the CMS hold the same playlists, equal
// to a reference merge that a small function here computes on its own from the log of what the CMS
// answered; no operation is applied twice; each device's notices name exactly the renames of its
// own that lost a direct clash and its deletes that an operation made elsewhere brought back.
// Deletes race lost replies: a replay of operations the delete had seen never makes a deleted
// playlist again; only an operation it had not seen may (the reference merge flags any other).
//
// The harness sends one playlist's requests one at a time (requests for different playlists, and
// whole devices, still run at once), so the order of the log is the order the CMS applied them.
// Two requests for the same playlist at once are proven separately (playlist-sync.cms.test.ts).

const OPERATIONS = Number(process.env.PLAYLIST_MODEL_OPS ?? 500);
const SEED = Number(process.env.PLAYLIST_MODEL_SEED ?? Date.now() % 100_000);
const DEVICES = ['laptop', 'board', 'tablet'] as const;
const PASSWORD = 'sonata1819';

const cms = bootTestCms('model');
let token: string;
let userId: string;
let activityIds: string[] = [];
let audienceIds: string[] = [];
/**
 * An audience the CMS no longer has (deleted before the run), which a device whose list is older
 * still offers: references can die. The CMS leaves it out (the playlist has no audience) and
 * applies the rest of the batch; the reference merge does the same.
 */
const GONE_AUDIENCE = `goneaudience${String(SEED).padStart(12, '0')}`;
const live = (audienceId: string | null | undefined) =>
  audienceId === GONE_AUDIENCE ? null : (audienceId ?? null);

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await cms.graphql<T>(query, token, variables);
  if (answer.errors) throw new Error(answer.errors[0]!.message);
  return answer.data!;
}

/** What the CMS answered, in the order it applied it (per playlist). */
interface LogEntry {
  request: PlaylistSyncRequest;
  answer: PlaylistSyncAnswer;
}

/** Requests for one playlist wait for the one before (see the note at the top). */
const playlistQueues = new Map<string, Promise<unknown>>();
const log: LogEntry[] = [];

async function postSync(request: PlaylistSyncRequest): Promise<PlaylistSyncAnswer> {
  const previous = playlistQueues.get(request.clientId) ?? Promise.resolve();
  const mine = previous
    .catch(() => undefined)
    .then(async () => {
      const response = await fetch(`${cms.url}/api/playlist-sync`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(request),
      });
      const text = await response.text();
      if (!response.ok)
        throw Object.assign(new Error(`playlist-sync ${response.status}: ${text}`), {
          status: response.status,
          body: text,
        });
      const answer = JSON.parse(text) as PlaylistSyncAnswer;
      log.push({ request, answer });
      return answer;
    });
  playlistQueues.set(request.clientId, mine);
  return mine;
}

type Modules = {
  writes: typeof import('../../src/lib/sync/local-writes');
  replay: typeof import('../../src/lib/sync/replay');
  notices: typeof import('../../src/lib/sync/sync-notices');
  db: (typeof import('../../src/lib/db/database'))['db'];
};

interface Device {
  name: string;
  modules: Modules;
  online: boolean;
  /** The next request's fault: its answer is lost, or it is delivered twice. */
  fault: 'lose-reply' | 'duplicate' | null;
  api: PlaylistApi;
}

/** A device: the app's sync modules loaded afresh over an IndexedDB of its own. */
async function makeDevice(name: string): Promise<Device> {
  vi.resetModules();
  Dexie.dependencies.indexedDB = new IDBFactory();
  Dexie.dependencies.IDBKeyRange = IDBKeyRange;
  const modules: Modules = {
    writes: await import('../../src/lib/sync/local-writes'),
    replay: await import('../../src/lib/sync/replay'),
    notices: await import('../../src/lib/sync/sync-notices'),
    db: (await import('../../src/lib/db/database')).db,
  };
  const { CmsError } = await import('../../src/lib/cms/errors');
  const { withActivityCards } = await import('../../src/lib/sync/playlist-api');
  const device: Device = {
    name,
    modules,
    online: true,
    fault: null,
    api: {
      // The app's pull: what changed since this device's cursor, from the real CMS.
      pull: async (request) => {
        if (!device.online) throw new CmsError('The content service could not be reached', 0);
        const response = await fetch(`${cms.url}/api/playlist-sync/changes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ ...request, activityCards: 'shared' }),
        });
        const text = await response.text();
        if (!response.ok)
          throw new CmsError(`playlist-sync/changes ${response.status}`, response.status, text);
        return withActivityCards(JSON.parse(text) as PlaylistChanges);
      },
      sync: async (request) => {
        if (!device.online) throw new CmsError('The content service could not be reached', 0);
        const fault = device.fault;
        device.fault = null;
        // As the app's REST client does: an answer that is not OK is a CmsError with its status
        // (replay.ts tells a refusal, which waits for the teacher, from a failure, retried).
        const post = (body: PlaylistSyncRequest) =>
          postSync(body).catch((error: unknown) => {
            const { status, body: text } = error as { status?: number; body?: string };
            throw typeof status === 'number'
              ? new CmsError((error as Error).message, status, text ?? '')
              : error;
          });
        const answer = await post(request);
        if (fault === 'duplicate') return post(request);
        if (fault === 'lose-reply')
          throw new CmsError('The content service could not be reached', 0);
        return answer;
      },
    },
  };
  return device;
}

/** The same teacher's playlists as one comparable value: title, audience and item keys. */
type Snapshot = Record<string, { title: string; audienceId: string | null; items: string[] }>;

async function deviceSnapshot(device: Device): Promise<Snapshot> {
  const all = await device.modules.db.playlists.where('userId').equals(userId).toArray();
  return Object.fromEntries(
    all
      .filter((playlist) => !playlist.deleted)
      .map((playlist) => [
        playlist.clientId,
        {
          title: playlist.title,
          audienceId: playlist.audienceId,
          items: playlist.items.map((item) => item.key),
        },
      ]),
  );
}

async function cmsSnapshot(): Promise<Snapshot> {
  const { PLAYLISTS } = await import('../../src/lib/sync/playlist-api');
  const { playlists } = await graphql<{ playlists: ServerPlaylist[] }>(PLAYLISTS);
  return Object.fromEntries(
    playlists.map((playlist) => [
      playlist.client_id!,
      {
        title: playlist.title,
        audienceId: playlist.audience?.documentId ?? null,
        items: playlist.playlist_item.map((item) => item.item_key ?? `cms-${String(item.id)}`),
      },
    ]),
  );
}

/**
 * The reference merge, written apart from the app's and the CMS's code: the log's operations in
 * the order the CMS applied them, each operation id once per life of a playlist, with the rules
 * of docs/sync-protocol.md: adds land after their anchor or last, removes win, moves of
 * gone items or to gone anchors are dropped, the later rename wins, a delete wins.
 * Also the clashes: which device's rename lost to which, with the text the teacher is shown.
 */
function referenceMerge(entries: LogEntry[]) {
  type State = { title: string; audienceId: string | null; items: string[] };
  const playlists = new Map<string, State>();
  const applied = new Map<string, Set<string>>();
  const versions = new Map<string, number>();
  const lastRename = new Map<
    string,
    { device: string; version: number; title: string; previous: string }
  >();
  /** Each clash with the life of the playlist it happened in (a delete ends a life). */
  const clashes: { device: string; message: string; clientId: string; life: number }[] = [];
  const lives = new Map<string, number>();
  /** The device whose delete ended a playlist's last life (one that existed before its request). */
  const deletedBy = new Map<string, string>();
  /**
   * A deleted playlist stays deleted unless a device sends an operation the delete had not seen
   * (one not applied before): then that device may make it again (its next create). A create of
   * a deleted playlist that no such operation earned is a resurrection.
   */
  const earned = new Set<string>();
  const resurrections: string[] = [];
  for (const { request } of entries) {
    const id = request.clientId;
    const existedBefore = playlists.has(id);
    const mayRestore = earned.has(`${request.device}:${id}`);
    const unseen = request.operations.some((op) => !(applied.get(id) ?? new Set()).has(op.id));
    // A 'deleted' answer either applied a batch that ended in a delete, or found the playlist
    // already gone (then nothing below applies): the operations tell which. The ids applied
    // before a delete stay applied: a replay of them never makes the playlist again.
    const seen = applied.get(id) ?? new Set<string>();
    // The CMS counts a version for a request that changed something, and names clashes by it.
    const version = (versions.get(id) ?? 0) + 1;
    let changed = false;
    for (const op of request.operations) {
      if (seen.has(op.id)) continue;
      seen.add(op.id);
      const before = playlists.get(id);
      let state = before;
      if (op.type === 'create' || op.type === 'replaceState') {
        if (!state || op.type === 'replaceState') {
          state = {
            title: op.title,
            audienceId: live(op.audienceId),
            items: (op.items ?? []).map((item) => item.key),
          };
        }
      } else if (state && op.type === 'rename') {
        const last = lastRename.get(id);
        if (
          last &&
          last.device !== request.device &&
          last.version > (request.baseVersion ?? -1) &&
          last.title !== op.title
        ) {
          clashes.push({
            device: last.device,
            message: `“${last.previous}”: your rename to “${last.title}” was replaced by “${op.title}” from another device.`,
            clientId: id,
            life: lives.get(id) ?? 0,
          });
        }
        lastRename.set(id, {
          device: request.device,
          version,
          title: op.title,
          previous: state.title,
        });
        state = { ...state, title: op.title };
      } else if (state && op.type === 'setAudience') {
        state = { ...state, audienceId: live(op.audienceId) };
      } else if (state && op.type === 'addItem' && !state.items.includes(op.item.key)) {
        const at = op.after === null ? -1 : state.items.indexOf(op.after);
        state = {
          ...state,
          items:
            at === -1
              ? [...state.items, op.item.key]
              : [...state.items.slice(0, at + 1), op.item.key, ...state.items.slice(at + 1)],
        };
      } else if (state && op.type === 'removeItem' && state.items.includes(op.key)) {
        state = { ...state, items: state.items.filter((key) => key !== op.key) };
      } else if (state && op.type === 'moveItem' && state.items.includes(op.key)) {
        const rest = state.items.filter((key) => key !== op.key);
        const at = op.after === null ? -1 : rest.indexOf(op.after);
        if (op.after === null || at !== -1)
          state = { ...state, items: [...rest.slice(0, at + 1), op.key, ...rest.slice(at + 1)] };
      } else if (op.type === 'delete') {
        state = undefined;
      }
      if (state !== before) changed = true;
      if (state) playlists.set(id, state);
      else if (before) {
        playlists.delete(id);
        lastRename.delete(id);
      }
    }
    if (changed) versions.set(id, version);
    applied.set(id, seen);
    if (!playlists.has(id)) {
      // Deleted: a playlist made again under this client id starts afresh, as a new CMS row does.
      versions.delete(id);
      if (existedBefore) {
        lives.set(id, (lives.get(id) ?? 0) + 1);
        deletedBy.set(id, request.device);
      } else if (deletedBy.has(id) && unseen) earned.add(`${request.device}:${id}`);
      continue;
    }
    // Brought back by an operation the deleting device had not seen: that device is told.
    const deleter = deletedBy.get(id);
    if (!existedBefore && deleter !== undefined && !mayRestore)
      resurrections.push(
        `${id} made again by ${request.device} with no operation its delete had not seen`,
      );
    if (!existedBefore && deleter !== undefined) earned.delete(`${request.device}:${id}`);
    if (!existedBefore && deleter !== undefined && deleter !== request.device) {
      clashes.push({
        device: deleter,
        message: `“${playlists.get(id)!.title}” was deleted on this device, but changes made on another device after that brought it back.`,
        clientId: id,
        life: lives.get(id) ?? 0,
      });
    }
  }
  // A clash on a playlist that was deleted afterwards may go untold: the delete is what the teacher
  // hears of ("… was deleted on another device"). Every clash on a playlist that lives on is told.
  const told = (device: string, mustOnly: boolean) =>
    clashes
      .filter(
        (clash) =>
          clash.device === device &&
          (!mustOnly ||
            (playlists.has(clash.clientId) && clash.life === (lives.get(clash.clientId) ?? 0))),
      )
      .map((clash) => clash.message)
      .sort();
  return { playlists: Object.fromEntries(playlists) as Snapshot, clashes, told, resurrections };
}

beforeAll(async () => {
  const email = `model-${Date.now()}@e2e.school`;
  const response = await fetch(`${cms.url}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email,
      username: email,
      password: PASSWORD,
      user_profile_data: { first_name: 'Model', last_name: 'Teacher' },
    }),
  });
  const body = (await response.json()) as { jwt: string; user: { id: number } };
  token = body.jwt;
  userId = String(body.user.id);
  const catalogue = await graphql<{
    activityPages: { documentId: string }[];
    audiences: { documentId: string }[];
  }>('{ activityPages(pagination: { limit: 12 }) { documentId } audiences { documentId } }');
  activityIds = catalogue.activityPages.map((page) => page.documentId);
  audienceIds = catalogue.audiences.map((audience) => audience.documentId);
});

describe('three devices of one teacher editing the same playlists', () => {
  it(
    `converge on the reference merge of every operation (${OPERATIONS} operations)`,
    async () => {
      console.log(
        `playlist model: seed ${SEED}, ${OPERATIONS} operations (PLAYLIST_MODEL_SEED=${SEED} repeats this run)`,
      );
      const next = seededRandom(SEED);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
      const devices: Device[] = [];
      for (const name of DEVICES) devices.push(await makeDevice(name));
      const deviceIds = new Map<string, Device>();
      for (const device of devices) deviceIds.set(await device.modules.notices.deviceId(), device);

      const sync = (device: Device) => device.modules.replay.syncPlaylists(userId, device.api);
      const started = Date.now();
      let done = 0;
      const counts: Record<string, number> = {};
      const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);

      while (done < OPERATIONS) {
        const device = pick(devices);
        const { writes, db } = device.modules;
        const mine = (await db.playlists.where('userId').equals(userId).toArray()).filter(
          (playlist) => !playlist.deleted,
        );
        const roll = next();
        try {
          // A teacher keeps tens of playlists, far below the CMS's bound of 200 (playlist-limits.js):
          // past 40 on this device, a create becomes an add.
          if (mine.length === 0 || (roll < 0.06 && mine.length < 40)) {
            await writes.createPlaylist(userId, { title: `Playlist ${done}`, audienceId: null });
            count('create');
          } else if (roll < 0.5) {
            await writes.appendPlaylistItem(pick(mine).clientId, {
              kind: 'ComponentPlaylistsActivity',
              title: `Item ${done}`,
              itemId: pick(activityIds),
              contextPath: `/primary/activities/-/${done}`,
              details: {},
            });
            count('add');
          } else if (roll < 0.62) {
            const playlist = pick(mine);
            if (playlist.items.length > 0) {
              const gone = pick(playlist.items).key;
              await writes.replacePlaylistItems(
                playlist.clientId,
                playlist.items.filter((item) => item.key !== gone),
              );
              count('remove');
            }
          } else if (roll < 0.74) {
            const playlist = pick(mine);
            if (playlist.items.length > 1) {
              const items = [...playlist.items];
              const [moved] = items.splice(Math.floor(next() * items.length), 1);
              items.splice(Math.floor(next() * (items.length + 1)), 0, moved!);
              await writes.replacePlaylistItems(playlist.clientId, items);
              count('move');
            }
          } else if (roll < 0.84) {
            const playlist = pick(mine);
            await writes.updatePlaylistDetails(playlist.clientId, {
              title: `${device.name} ${done}`,
              audienceId: playlist.audienceId,
            });
            count('rename');
          } else if (roll < 0.87) {
            const playlist = pick(mine);
            const audienceId =
              next() < 0.3 ? null : next() < 0.25 ? GONE_AUDIENCE : pick(audienceIds);
            await writes.updatePlaylistDetails(playlist.clientId, {
              title: playlist.title,
              audienceId,
            });
            count(audienceId === GONE_AUDIENCE ? 'gone audience' : 'audience');
          } else if (roll < 0.885) {
            await writes.deletePlaylist(pick(mine).clientId);
            count('delete');
          } else if (roll < 0.92) {
            device.online = !device.online;
            count(device.online ? 'back online' : 'offline');
          } else if (roll >= 0.975) {
            // A delete racing a lost reply: this device's edit (or its new playlist) reaches the CMS
            // but the answer is lost; another device pulls it and deletes the playlist; this device
            // reconnects and sends its operations again, sometimes with an edit made meanwhile.
            const other = pick(devices.filter((candidate) => candidate !== device));
            // What this device had waiting goes first, so the lost reply is the raced playlist's.
            device.online = true;
            await sync(device);
            const existing = await db.playlists.get(pick(mine).clientId);
            const fresh = next() < 0.5 || !existing || existing.deleted;
            const target = fresh
              ? await writes.createPlaylist(userId, { title: `Raced ${done}`, audienceId: null })
              : existing;
            if (!fresh)
              await writes.updatePlaylistDetails(target.clientId, {
                title: `${device.name} raced ${done}`,
                audienceId: target.audienceId,
              });
            device.online = true;
            device.fault = 'lose-reply';
            await sync(device);
            device.fault = null;
            other.online = true;
            await sync(other);
            if (await other.modules.db.playlists.get(target.clientId)) {
              await other.modules.writes.deletePlaylist(target.clientId);
              await sync(other);
            }
            if (next() < 0.5 && (await db.playlists.get(target.clientId))) {
              await writes.appendPlaylistItem(target.clientId, {
                kind: 'ComponentPlaylistsActivity',
                title: `Item ${done}`,
                itemId: pick(activityIds),
                contextPath: `/primary/activities/-/${done}`,
                details: {},
              });
            }
            await sync(device);
            count('delete racing a lost reply');
          } else if (roll < 0.94) {
            device.fault = next() < 0.5 ? 'lose-reply' : 'duplicate';
            await sync(device);
            // A fault for a round that sent nothing lapses rather than striking a later round.
            count(device.fault === null ? 'faulty sync' : 'sync');
            device.fault = null;
          } else if (roll < 0.96) {
            // Devices reconnecting at about the same time.
            for (const other of devices) other.online = true;
            await Promise.all(devices.map(sync));
            count('reconnect together');
          } else {
            await sync(device);
            count('sync');
          }
        } catch (error) {
          // A playlist another round removed from this device meanwhile: nothing was recorded.
          if (!(error instanceof Error && /no longer exists on this device/.test(error.message)))
            throw error;
        }
        done += 1;
        if (done % 500 === 0)
          console.log(
            `playlist model: ${done} operations, ${log.length} requests, ${Math.round((Date.now() - started) / 1000)} s`,
          );
      }

      // Everyone back online; rounds until nothing is waiting anywhere, then one more to pull.
      for (const device of devices) {
        device.online = true;
        device.fault = null;
      }
      for (let round = 0; round < 6; round += 1) {
        for (const device of devices) {
          const outcome = await sync(device);
          expect(outcome.status, `${device.name}: ${outcome.error ?? ''}`).toBe('synced');
        }
        const pending = await Promise.all(
          devices.map((device) => device.modules.writes.pendingEditCount(userId)),
        );
        if (pending.every((count) => count === 0)) break;
      }
      for (const device of devices) await sync(device);
      const elapsed = Date.now() - started;

      const cmsState = await cmsSnapshot();
      const reference = referenceMerge(log);
      // For a failing seed: the log of requests and answers, to replay by hand.
      if (process.env.PLAYLIST_MODEL_DUMP)
        writeFileSync(
          process.env.PLAYLIST_MODEL_DUMP,
          JSON.stringify({ log, cmsState, reference: reference.playlists }, null, 1),
        );
      expect(
        reference.resurrections,
        'a deleted playlist stays deleted unless an operation its delete had not seen arrives',
      ).toEqual([]);
      expect(cmsState).toEqual(reference.playlists);
      for (const device of devices) {
        expect(await deviceSnapshot(device), `${device.name} holds what the CMS holds`).toEqual(
          cmsState,
        );
        expect(await device.modules.writes.pendingEditCount(userId)).toBe(0);
      }
      // Only what the CMS no longer has is named gone: never a live audience or item.
      const named = log.flatMap(({ answer }) =>
        answer.status === 'applied' ? (answer.gone ?? []) : [],
      );
      for (const gone of named) expect(gone).toEqual({ type: 'audience', id: GONE_AUDIENCE });
      // No operation applied twice: no item twice in a playlist.
      for (const playlist of Object.values(cmsState))
        expect(new Set(playlist.items).size).toBe(playlist.items.length);
      // Each device was told of exactly its renames that lost a direct clash, and of its deletes
      // that an operation made elsewhere, unseen by the delete, undid.
      for (const [id, device] of deviceIds) {
        const told = (await device.modules.notices.openNotices(userId))
          .map((notice) => notice.message)
          .filter(
            (message) => message.includes('your rename') || message.includes('brought it back'),
          );
        const may = reference.told(id, false);
        for (const message of told)
          expect(may, `${device.name} was told only of its own lost renames`).toContain(message);
        for (const message of reference.told(id, true))
          expect(told, `${device.name} was told`).toContain(message);
        // Each once: a message twice only as often as the reference has it (one playlist deleted and
        // brought back twice under the same title).
        const times = (list: string[]) =>
          list.reduce(
            (counted, message) => counted.set(message, (counted.get(message) ?? 0) + 1),
            new Map<string, number>(),
          );
        const allowed = times(may);
        for (const [message, count] of times(told))
          expect(count, `${device.name} was told each once`).toBeLessThanOrEqual(
            allowed.get(message) ?? 0,
          );
      }
      console.log(
        JSON.stringify({
          seed: SEED,
          operations: OPERATIONS,
          requests_logged: log.length,
          playlists: Object.keys(cmsState).length,
          items: Object.values(cmsState).reduce((sum, playlist) => sum + playlist.items.length, 0),
          clashes: reference.clashes.length,
          actions: counts,
          ms: elapsed,
        }),
      );
    },
    Math.max(600_000, OPERATIONS * 600),
  );
});
