import type { PlaylistOperation, PlaylistState } from '../../../cms/src/utils/playlist-ops.mjs';
import { postCms } from '../cms/rest-client';
import type { ServerConflict, ServerPlaylist } from './playlist-mapping';

const ITEM_FIELDS = /* GraphQL */ `
  playlist_item {
    __typename
    ... on ComponentPlaylistsActivity {
      id
      item_key
      title
      context_path
      item { documentId title time type introduction }
    }
    ... on ComponentPlaylistsAudioItem {
      id
      item_key
      title
      context_path
      item { documentId url caption name size }
    }
  }
`;

// Spec part 1, section 7: "Query Playlists (owner id; no cache)". The CMS scopes playlists to
// the signed-in owner itself (filtering by owner is refused), so no owner variable is sent. The
// worker never answers it from its cache (graphql-cache-key.ts). The sync engine pulls through
// POST /api/playlist-sync/changes instead (issue 24), which answers the same shape but only what
// changed since the device's cursor; this query stays for tools and tests that read everything.
export const PLAYLISTS = /* GraphQL */ `
  query Playlists {
    playlists(pagination: { limit: 1000 }) {
      documentId
      title
      client_id
      updatedAt
      version
      conflicts
      audience { documentId title }
      ${ITEM_FIELDS}
    }
  }
`;

/** One playlist's pending operations, as POST /api/playlist-sync takes them. */
export interface PlaylistSyncRequest {
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
    }
  /** The playlist was deleted elsewhere before these operations arrived. */
  | { status: 'deleted'; clientId: string };

/** What a device asks POST /api/playlist-sync/changes (issue 24: a pull of what changed). */
export interface PlaylistPullRequest {
  /** The cursor of this teacher's last pull on this device; null: none, answer everything. */
  since: string | null;
  /** Client ids to answer whatever their time: items this device holds without card details. */
  include?: string[];
}

/** The CMS's answer: what changed since the cursor, or (full) the whole library. */
export interface PlaylistChanges {
  /** true: `playlists` is every playlist of the teacher, so one missing here was deleted. */
  full: boolean;
  playlists: ServerPlaylist[];
  /** Client ids of playlists deleted since the cursor (always empty when full). */
  deleted: string[];
  /** Opaque: kept on the device and sent with the next pull. */
  cursor: string;
}

/** What the sync engine needs from the CMS; tests pass an in-memory one. */
export interface PlaylistApi {
  pull(request: PlaylistPullRequest): Promise<PlaylistChanges>;
  sync(request: PlaylistSyncRequest): Promise<PlaylistSyncAnswer>;
}

export const cmsPlaylistApi: PlaylistApi = {
  pull(request) {
    return postCms<PlaylistChanges>('/api/playlist-sync/changes', request, { withToken: true });
  },
  sync(request) {
    return postCms<PlaylistSyncAnswer>('/api/playlist-sync', request, { withToken: true });
  },
};
