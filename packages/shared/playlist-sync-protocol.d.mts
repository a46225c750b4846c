// Types for playlist-sync-protocol.mjs: the wire of POST /api/playlist-sync (docs/sync-protocol.md).
import type { PlaylistOperation, PlaylistState } from './playlist-ops.mjs';

export declare const PLAYLIST_SYNC_PROTOCOL: 1;
export declare function protocolProblem(protocol: unknown): string | null;

/** A notice for the device whose change another device's replaced. */
export interface ServerConflict {
  id: string;
  device: string;
  version: number;
  playlistTitle?: string;
  message: string;
}

/**
 * A reference in the batch the CMS no longer has, which it left out instead of failing the batch:
 * an audience deleted or unpublished (the playlist then has none), or an item whose activity page
 * or recording is gone (the item is not kept).
 */
export type GoneReference =
  { type: 'audience'; id: string } | { type: 'item'; id: string; key: string; title: string };

/** One playlist's pending operations, as POST /api/playlist-sync takes them. */
export interface PlaylistSyncRequest {
  /** The wire format's version (absent: 1). */
  protocol?: number;
  clientId: string;
  /** This device (conflict notices name the device whose operation lost). */
  device: string;
  /** The CMS version of the playlist this device last saw (null: never). */
  baseVersion: number | null;
  operations: PlaylistOperation[];
}

export type PlaylistSyncAnswer =
  | {
      status: 'applied';
      clientId: string;
      documentId: string | null;
      version: number;
      /** Operation ids the CMS has applied, now or before (a replay). */
      applied: string[];
      /** Operation ids that no longer meant anything (a move of a removed item). */
      dropped: string[];
      /** null: the playlist is deleted (this batch ended with a delete). */
      state: PlaylistState | null;
      conflicts: ServerConflict[];
      /** What the CMS left out because it no longer has it (absent from a CMS older than this rule). */
      gone?: GoneReference[];
    }
  /**
   * The playlist was deleted elsewhere before these operations arrived. `applied`: those the CMS
   * had applied before the delete (a replay after a lost answer): the delete had seen them, so
   * they never bring it back. `dropped`: those it had not seen; the device may make the playlist
   * again with its copy. Both are missing from a CMS older than this rule.
   */
  | { status: 'deleted'; clientId: string; applied?: string[]; dropped?: string[] };
