// Types for playlist-merge.mjs.
import type { PlaylistOperation, PlaylistState } from './playlist-ops.mjs';
import type { ServerConflict } from './playlist-sync-protocol.mjs';

/** The last change of a logged field (the title, the audience): what a later change may clash with. */
export interface FieldChange {
  version: number;
  device: string;
  opId: string;
  value: string | null;
  previous: string | null;
}

/** A playlist as the merge takes it: its state and what the CMS keeps beside it. */
export interface StoredPlaylist {
  state: PlaylistState | null;
  version: number;
  /** The ids among the request's that were applied before (a replay is a no-op). */
  appliedOps: string[];
  fieldLog: { title?: FieldChange; audience?: FieldChange };
  conflicts: ServerConflict[];
}

export interface MergeResult {
  state: PlaylistState | null;
  /** Whether any operation changed the playlist (a replay or a dropped one does not). */
  changed: boolean;
  version: number;
  /** Ids applied for the first time now. */
  recorded: string[];
  /** Ids the CMS has applied, now or before. */
  applied: string[];
  /** Ids that no longer meant anything. */
  dropped: string[];
  fieldLog: StoredPlaylist['fieldLog'];
  conflicts: ServerConflict[];
}

export declare const MAX_CONFLICTS: number;
export declare function mergeOperations(
  stored: StoredPlaylist,
  request: { device: string; baseVersion: number | null; operations: PlaylistOperation[] },
  newId?: () => string,
): MergeResult;
export declare function staysDeleted(
  operations: PlaylistOperation[],
  known: Set<string>,
): { applied: string[]; dropped: string[] } | null;
export declare function madeAgainNotice(
  state: PlaylistState,
  version: number,
  deleter: string,
  newId?: () => string,
): ServerConflict;
