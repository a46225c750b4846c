import {
  madeAgainNotice,
  mergeOperations,
  staysDeleted,
  type StoredPlaylist,
} from '@music-classroom/shared/playlist-merge';
import type { PlaylistItem, PlaylistOperation } from '@music-classroom/shared/playlist-ops';
import { CmsError } from '../../../src/lib/cms/errors';
import type { GoneReference } from '@music-classroom/shared/playlist-sync-protocol';
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

export interface FakePlaylist {
  documentId: string;
  clientId: string;
  title: string;
  audienceId: string | null;
  items: PlaylistItem[];
  version: number;
  applied: Set<string>;
  fieldLog?: StoredPlaylist['fieldLog'];
  conflicts: ServerConflict[];
  /** The change clock when this playlist last changed (what a pull since a cursor compares). */
  changedAt?: number;
}

/**
 * An in-memory CMS that runs the real one's playlist sync rules (packages/shared/playlist-merge,
 * as cms/src/api/playlist-sync does): each operation id is applied once, versions count writes,
 * a delete wins, operations for a playlist deleted elsewhere answer 'deleted', and a rename or
 * audience change that replaces one made by another device since this device's version records a
 * conflict for that other device.
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
  private tombstones: { clientId: string; at: number; device: string }[] = [];
  /** A deleted playlist's applied operation ids, kept with its tombstone: a replay of one never makes it again. */
  private appliedBeforeDelete = new Map<string, Set<string>>();
  /** Cursors from before this clock are too old (the real CMS forgets tombstones after 30 days). */
  forgottenBefore = 0;
  /** Audience and item target ids the CMS no longer has (deleted or unpublished by an editor). */
  readonly goneIds = new Set<string>();

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

  /**
   * What the CMS does with one request (also used to play another device directly): the CMS's
   * own rules (packages/shared/playlist-merge) on an in-memory store.
   */
  apply({ clientId, device, baseVersion, operations }: PlaylistSyncRequest): PlaylistSyncAnswer {
    const existing = this.byClientId(clientId);
    const memory = existing?.applied ?? this.appliedBeforeDelete.get(clientId) ?? new Set<string>();
    const known = new Set(operations.map((op) => op.id).filter((id) => memory.has(id)));
    const deleted = existing ? null : staysDeleted(operations, known);
    if (deleted) return { status: 'deleted', clientId, ...deleted };

    const newId = () => `c${++this.counter}`;
    const merged = mergeOperations(
      {
        state: existing
          ? { title: existing.title, audienceId: existing.audienceId, items: existing.items }
          : null,
        version: existing?.version ?? 0,
        appliedOps: [...known],
        fieldLog: existing?.fieldLog ?? {},
        conflicts: existing?.conflicts ?? [],
      },
      { device, baseVersion, operations },
      newId,
    );
    // As the CMS does (playlist-sync/lib/playlist-state.js): what the batch names that is gone is
    // left out, never a failure of the batch, and the answer names it.
    const gone: GoneReference[] = [];
    if (merged.changed && merged.state) {
      const { audienceId, items } = merged.state;
      if (audienceId && this.goneIds.has(audienceId))
        gone.push({ type: 'audience', id: audienceId });
      for (const item of items)
        if (this.goneIds.has(item.itemId))
          gone.push({ type: 'item', id: item.itemId, key: item.key, title: item.title });
      merged.state = {
        ...merged.state,
        audienceId: audienceId && this.goneIds.has(audienceId) ? null : audienceId,
        items: items.filter((item) => !this.goneIds.has(item.itemId)),
      };
    }
    const remembered = new Set([...memory, ...merged.recorded]);
    if (!merged.state) {
      if (existing) {
        this.playlists.delete(existing.documentId);
        this.tombstones.push({ clientId, at: ++this.clock, device });
      }
      this.appliedBeforeDelete.set(clientId, remembered);
      return {
        status: 'applied',
        clientId,
        documentId: null,
        version: merged.version,
        applied: merged.applied,
        dropped: merged.dropped,
        state: null,
        conflicts: [],
      };
    }
    // Made again by an operation the delete had not seen: the deleting device is told.
    const deleter = existing ? undefined : this.tombstones.findLast((t) => t.clientId === clientId);
    const conflicts =
      deleter && deleter.device !== device
        ? [
            ...merged.conflicts,
            madeAgainNotice(merged.state, merged.version, deleter.device, newId),
          ]
        : merged.conflicts;
    const documentId = existing?.documentId ?? `doc-${++this.counter}`;
    const stored: FakePlaylist = {
      documentId,
      clientId,
      ...merged.state,
      version: merged.version,
      changedAt: merged.changed || !existing ? ++this.clock : existing.changedAt,
      applied: remembered,
      fieldLog: merged.fieldLog,
      conflicts,
    };
    this.playlists.set(documentId, stored);
    return {
      status: 'applied',
      clientId,
      documentId,
      version: stored.version,
      applied: merged.applied,
      dropped: merged.dropped,
      state: { title: stored.title, audienceId: stored.audienceId, items: [...stored.items] },
      conflicts: stored.conflicts,
      gone,
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
