import {
  PLAYLIST_SYNC_PROTOCOL,
  type PlaylistSyncAnswer,
  type PlaylistSyncRequest,
} from '@music-classroom/shared/playlist-sync-protocol';
import { postCms } from '../cms/rest-client';
import { ACTIVITY_ITEM, type ServerPlaylist, type ServerPlaylistItem } from './playlist-mapping';
import { appDocument } from '../cms/app-document';
import { PlaylistsOperation } from '../cms/generated/operations/playlists';

/** A playlist's items as the CMS answers them (also in a playlist's lesson file). */
export const ITEM_FIELDS = /* GraphQL */ `
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
// POST /api/playlist-sync/changes instead, which answers the same shape but only what
// changed since the device's cursor; this query stays for tools and tests that read everything.
export const PLAYLISTS = appDocument(
  /* GraphQL */ `
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
`,
  PlaylistsOperation,
);

// The sync route's wire, shared with the CMS (packages/shared/playlist-sync-protocol).
export type { PlaylistSyncAnswer, PlaylistSyncRequest };

/** What a device asks POST /api/playlist-sync/changes: a pull of what changed. */
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

/** An activity's card as the pull answers it once, however many items name the activity. */
type ActivityCard = {
  title: string | null;
  time: string | null;
  type: string | null;
  introduction: string | null;
};

/**
 * The pull on the wire: asked with `activityCards: 'shared'`, an activity item names
 * its activity and the answer holds each activity's card once (a large library names the same few
 * dozen activities thousands of times). The engine gets each item with its card, as before.
 */
type PlaylistChangesOnWire = PlaylistChanges & { activityCards?: Record<string, ActivityCard> };

export function withActivityCards({
  activityCards,
  ...changes
}: PlaylistChangesOnWire): PlaylistChanges {
  if (!activityCards) return changes;
  const withCard = (item: ServerPlaylistItem): ServerPlaylistItem => {
    if (item.__typename !== ACTIVITY_ITEM || !item.item || typeof item.item !== 'object')
      return item;
    const { documentId } = item.item as { documentId: string };
    const card = Object.hasOwn(activityCards, documentId) ? activityCards[documentId] : undefined;
    return { ...item, item: card ? { ...card, documentId } : null } as ServerPlaylistItem;
  };
  return {
    ...changes,
    playlists: changes.playlists.map((playlist) => ({
      ...playlist,
      playlist_item: playlist.playlist_item.map(withCard),
    })),
  };
}

export const cmsPlaylistApi: PlaylistApi = {
  async pull(request) {
    const answer = await postCms<PlaylistChangesOnWire>(
      '/api/playlist-sync/changes',
      { protocol: PLAYLIST_SYNC_PROTOCOL, ...request, activityCards: 'shared' },
      { withToken: true },
    );
    return withActivityCards(answer);
  },
  sync(request) {
    return postCms<PlaylistSyncAnswer>(
      '/api/playlist-sync',
      { protocol: PLAYLIST_SYNC_PROTOCOL, ...request },
      { withToken: true },
    );
  },
};
