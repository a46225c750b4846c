import {
  applyOperation,
  type PlaylistItem,
  type PlaylistOperation,
} from '../../../cms/src/utils/playlist-ops.mjs';
import { CmsError } from '../../../src/lib/cms/errors';
import type {
  PlaylistApi,
  PlaylistChanges,
  PlaylistPullRequest,
  PlaylistSyncAnswer,
  PlaylistSyncRequest,
} from '../../../src/lib/sync/playlist-api';
import type { ServerConflict, ServerPlaylist } from '../../../src/lib/sync/playlist-mapping';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Fault = 'network' | 'server-error' | 'unauthorized' | 'drop-response' | 'throttled';

/** The wait a throttled call names (Retry-After: 30). */
export const THROTTLE_WAIT_MS = 30_000;

interface FieldChange {
  version: number;
  device: string;
  value: string | null;
  previous: string | null;
}

export interface FakePlaylist {
  documentId: string;
  clientId: string;
  title: string;
  audienceId: string | null;
  items: PlaylistItem[];
  version: number;
  applied: Set<string>;
  titleLog?: FieldChange;
  audienceLog?: FieldChange;
  conflicts: ServerConflict[];
  /** The change clock when this playlist last changed (what a pull since a cursor compares). */
  changedAt?: number;
}

/**
 * An in-memory CMS with the real one's playlist sync rules (cms/src/api/playlist-sync): each
 * operation id is applied once, versions count writes, a delete wins, operations for a playlist
 * deleted elsewhere answer 'deleted', and a rename or audience change that replaces one made by
 * another device since this device's version records a conflict for that other device.
 */
export class FakePlaylistApi implements PlaylistApi {
  readonly playlists = new Map<string, FakePlaylist>();
  readonly calls: string[] = [];
  /** Each pull's request and whether it was answered whole. */
  readonly pulls: (PlaylistPullRequest & { full: boolean })[] = [];
  private faults: { call: string; fault: Fault }[] = [];
  private counter = 0;
  /** The CMS's change clock: every write and delete moves it on (the real CMS uses time). */
  private clock = 0;
  private tombstones: { clientId: string; at: number }[] = [];
  /** A deleted playlist's applied operation ids, kept with its tombstone: a replay of one never makes it again. */
  private appliedBeforeDelete = new Map<string, Set<string>>();
  /** Cursors from before this clock are too old (the real CMS forgets tombstones after 30 days). */
  forgottenBefore = 0;

  /** The next call of that name fails this way (queued per call name, in order). */
  failNext(call: 'pull' | 'sync', fault: Fault) {
    this.faults.push({ call, fault });
  }

  private async guard<T>(name: string, work: () => T): Promise<T> {
    this.calls.push(name);
    const index = this.faults.findIndex((entry) => entry.call === name);
    const fault = index >= 0 ? this.faults.splice(index, 1)[0]!.fault : undefined;
    if (fault === 'network') throw new CmsError('The content service could not be reached', 0);
    if (fault === 'server-error') throw new CmsError('Internal Server Error', 500);
    if (fault === 'unauthorized') throw new CmsError('Unauthorized', 401);
    if (fault === 'throttled')
      throw new CmsError(
        'Too many requests from here just now. Please wait a moment and try again.',
        429,
        '',
        {},
        THROTTLE_WAIT_MS,
      );
    const result = work();
    if (fault === 'drop-response')
      throw new CmsError('The content service could not be reached', 0);
    return result;
  }

  byClientId(clientId: string): FakePlaylist | undefined {
    return [...this.playlists.values()].find((playlist) => playlist.clientId === clientId);
  }

  /** Item ids of a playlist in the CMS, in order. */
  itemIds(clientId: string): string[] {
    return this.byClientId(clientId)?.items.map((item) => item.itemId) ?? [];
  }

  /** POST /api/playlist-sync/changes: what changed since the cursor, or everything. */
  pull(request: PlaylistPullRequest): Promise<PlaylistChanges> {
    return this.guard('pull', () => {
      const since = request.since === null ? NaN : Number(request.since);
      const full = !Number.isInteger(since) || since < this.forgottenBefore;
      this.pulls.push({ ...request, full });
      const include = new Set(request.include ?? []);
      const changed = this.list().filter(
        (playlist) =>
          full ||
          (this.byClientId(clientIdOfServer(playlist))!.changedAt ?? 0) > since ||
          include.has(clientIdOfServer(playlist)),
      );
      const present = new Set(this.list().map(clientIdOfServer));
      const deleted = full
        ? []
        : [
            ...new Set(
              this.tombstones
                .filter((tombstone) => tombstone.at > since && !present.has(tombstone.clientId))
                .map((tombstone) => tombstone.clientId),
            ),
          ];
      return { full, playlists: changed, deleted, cursor: String(this.clock) };
    });
  }

  /** The whole library as the CMS answers it. */
  list(): ServerPlaylist[] {
    return [...this.playlists.values()].map((playlist) => ({
      documentId: playlist.documentId,
      title: playlist.title,
      client_id: playlist.clientId,
      updatedAt: null,
      version: playlist.version,
      conflicts: playlist.conflicts,
      audience: playlist.audienceId ? { documentId: playlist.audienceId, title: 'Audience' } : null,
      playlist_item: playlist.items.map((item) =>
        item.kind === 'ComponentPlaylistsActivity'
          ? {
              __typename: item.kind,
              item_key: item.key,
              title: item.title,
              context_path: item.contextPath,
              item: { documentId: item.itemId },
            }
          : {
              __typename: item.kind,
              item_key: item.key,
              title: item.title,
              context_path: item.contextPath,
              item: { documentId: item.itemId, url: `/uploads/${item.itemId}.mp3` },
            },
      ),
    }));
  }

  sync(request: PlaylistSyncRequest): Promise<PlaylistSyncAnswer> {
    return this.guard('sync', () => this.apply(request));
  }

  /** What the CMS does with one request (also used to play another device directly). */
  apply({ clientId, device, baseVersion, operations }: PlaylistSyncRequest): PlaylistSyncAnswer {
    const existing = this.byClientId(clientId);
    const known = existing?.applied ?? this.appliedBeforeDelete.get(clientId) ?? new Set<string>();
    const fresh = operations.filter((op) => !known.has(op.id));
    if (!existing && !fresh.some((op) => op.type === 'create' || op.type === 'replaceState')) {
      return {
        status: 'deleted',
        clientId,
        applied: operations.filter((op) => known.has(op.id)).map((op) => op.id),
        dropped: fresh.map((op) => op.id),
      };
    }
    let playlist = existing;
    let state = playlist
      ? { title: playlist.title, audienceId: playlist.audienceId, items: playlist.items }
      : null;
    const version = (playlist?.version ?? 0) + 1;
    const dropped: string[] = [];
    const conflicts: ServerConflict[] = [...(playlist?.conflicts ?? [])];
    let titleLog = playlist?.titleLog;
    let audienceLog = playlist?.audienceLog;
    for (const op of fresh) {
      const before = state;
      const result = applyOperation(state, op);
      if (result.effect === 'dropped') dropped.push(op.id);
      state = result.state;
      if (op.type === 'rename' && before && result.effect === 'applied') {
        if (titleLog && titleLog.device !== device && titleLog.version > (baseVersion ?? -1)) {
          conflicts.push({
            id: `c${++this.counter}`,
            device: titleLog.device,
            version,
            message: `“${titleLog.previous}”: your rename to “${titleLog.value}” was replaced by “${op.title}” from another device.`,
          });
        }
        titleLog = { version, device, value: op.title, previous: before.title };
      }
      if (op.type === 'setAudience' && before && result.effect === 'applied') {
        if (
          audienceLog &&
          audienceLog.device !== device &&
          audienceLog.version > (baseVersion ?? -1)
        ) {
          conflicts.push({
            id: `c${++this.counter}`,
            device: audienceLog.device,
            version,
            message: `“${before.title}”: your audience change was replaced by one from another device.`,
          });
        }
        audienceLog = { version, device, value: op.audienceId, previous: before.audienceId };
      }
    }
    const applied = operations.map((op) => op.id);
    if (!state) {
      if (playlist) {
        this.playlists.delete(playlist.documentId);
        this.tombstones.push({ clientId, at: ++this.clock });
      }
      this.appliedBeforeDelete.set(clientId, new Set([...known, ...applied]));
      return {
        status: 'applied',
        clientId,
        documentId: null,
        version,
        applied,
        dropped,
        state: null,
        conflicts: [],
      };
    }
    if (!playlist) {
      this.counter += 1;
      playlist = {
        documentId: `doc-${this.counter}`,
        clientId,
        title: '',
        audienceId: null,
        items: [],
        version: 0,
        applied: new Set(known),
        conflicts: [],
      };
    }
    const stored: FakePlaylist = {
      ...playlist,
      ...state,
      version: fresh.length > 0 ? version : playlist.version,
      changedAt: fresh.length > 0 ? ++this.clock : playlist.changedAt,
      applied: new Set([...playlist.applied, ...applied]),
      conflicts: conflicts.slice(-20),
      ...(titleLog ? { titleLog } : {}),
      ...(audienceLog ? { audienceLog } : {}),
    };
    this.playlists.set(stored.documentId, stored);
    return {
      status: 'applied',
      clientId,
      documentId: stored.documentId,
      version: stored.version,
      applied,
      dropped,
      state: { title: stored.title, audienceId: stored.audienceId, items: [...stored.items] },
      conflicts: stored.conflicts,
    };
  }

  /** Another device's operations, straight into the CMS. */
  editRemotely(clientId: string, device: string, operations: WithoutId<PlaylistOperation>[]) {
    const playlist = this.byClientId(clientId)!;
    return this.apply({
      clientId,
      device,
      baseVersion: playlist.version,
      operations: operations.map(
        (op) => ({ ...op, id: `remote-${++this.counter}` }) as PlaylistOperation,
      ),
    });
  }
}

const clientIdOfServer = (playlist: ServerPlaylist) =>
  playlist.client_id ?? `cms-${playlist.documentId}`;
