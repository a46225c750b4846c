import { requestCms } from '../cms/graphql-client';
import { CmsError } from '../cms/errors';
import type { PlaylistRecord } from '../db/database';
import { recordToInput, type ServerPlaylist } from './playlist-mapping';

const ITEM_FIELDS = /* GraphQL */ `
  playlist_item {
    __typename
    ... on ComponentPlaylistsActivity {
      title
      context_path
      item { documentId title time type introduction }
    }
    ... on ComponentPlaylistsAudioItem {
      title
      context_path
      item { documentId url caption name }
    }
  }
`;

// Spec part 1, section 7: "Query Playlists (owner id; no cache)". The CMS scopes playlists to
// the signed-in owner itself (filtering by owner is refused), so no owner variable is sent.
export const PLAYLISTS = /* GraphQL */ `
  query Playlists {
    playlists(pagination: { limit: 1000 }) {
      documentId
      title
      client_id
      updatedAt
      audience { documentId title }
      ${ITEM_FIELDS}
    }
  }
`;

const FIND_BY_CLIENT_ID = /* GraphQL */ `
  query PlaylistByClientId($clientId: String!) {
    playlists(filters: { client_id: { eq: $clientId } }) { documentId }
  }
`;

// The answer echoes the playlist's state: a replayed create returns the playlist the first
// attempt made, which may predate edits made since, and then needs an update.
export const CREATE_PLAYLIST = /* GraphQL */ `
  mutation CreatePlaylist($data: PlaylistInput!) {
    createPlaylist(data: $data) {
      documentId
      updatedAt
      title
      audience { documentId }
      playlist_item {
        __typename
        ... on ComponentPlaylistsActivity { item { documentId } }
        ... on ComponentPlaylistsAudioItem { item { documentId } }
      }
    }
  }
`;

export const UPDATE_PLAYLIST = /* GraphQL */ `
  mutation UpdatePlaylist($playlistId: ID!, $data: PlaylistInput!) {
    updatePlaylist(documentId: $playlistId, data: $data) { documentId updatedAt }
  }
`;

export const DELETE_PLAYLIST = /* GraphQL */ `
  mutation DeletePlaylist($id: ID!) {
    deletePlaylist(documentId: $id) { documentId }
  }
`;

export interface SavedPlaylist {
  documentId: string;
  updatedAt: string | null;
  /** For a create: false when the CMS already had this playlist in another state (a replay). */
  sameAsSent?: boolean;
}

interface CreatedPlaylist {
  documentId: string;
  updatedAt: string | null;
  title: string;
  audience: { documentId: string } | null;
  playlist_item: { __typename: string; item?: { documentId: string } | null }[];
}

/** Whether the CMS's playlist is exactly the device's: title, audience and items in order. */
export function matchesRecord(saved: Omit<CreatedPlaylist, 'documentId' | 'updatedAt'>, record: PlaylistRecord): boolean {
  const items = saved.playlist_item.map((item) => `${item.__typename}:${item.item?.documentId ?? ''}`);
  const expected = record.items.map((item) => `${item.kind}:${item.itemId}`);
  return (
    saved.title === record.title &&
    (saved.audience?.documentId ?? null) === record.audienceId &&
    items.length === expected.length &&
    items.every((item, index) => item === expected[index])
  );
}

/** What the sync engine needs from the CMS; tests pass an in-memory one. */
export interface PlaylistApi {
  list(): Promise<ServerPlaylist[]>;
  findByClientId(clientId: string): Promise<string | null>;
  create(record: PlaylistRecord): Promise<SavedPlaylist>;
  update(documentId: string, record: PlaylistRecord): Promise<SavedPlaylist>;
  /** Resolves when the playlist is gone, including when it already was. */
  remove(documentId: string): Promise<void>;
}

/** Strapi answers an update or delete of a missing (or someone else's) document with "not found". */
export function isNotFound(error: unknown): boolean {
  return error instanceof CmsError && (error.status === 404 || /not found/i.test(error.message));
}

export const cmsPlaylistApi: PlaylistApi = {
  async list() {
    return (await requestCms<{ playlists: ServerPlaylist[] }>(PLAYLISTS)).playlists;
  },
  async findByClientId(clientId) {
    const answer = await requestCms<{ playlists: { documentId: string }[] }>(FIND_BY_CLIENT_ID, { clientId });
    return answer.playlists[0]?.documentId ?? null;
  },
  async create(record) {
    const answer = await requestCms<{ createPlaylist: CreatedPlaylist }>(CREATE_PLAYLIST, {
      data: recordToInput(record, true),
    });
    const created = answer.createPlaylist;
    return { documentId: created.documentId, updatedAt: created.updatedAt, sameAsSent: matchesRecord(created, record) };
  },
  async update(documentId, record) {
    const answer = await requestCms<{ updatePlaylist: SavedPlaylist | null }>(UPDATE_PLAYLIST, {
      playlistId: documentId,
      data: recordToInput(record, false),
    });
    if (!answer.updatePlaylist) throw new CmsError('Playlist not found', 404);
    return answer.updatePlaylist;
  },
  async remove(documentId) {
    try {
      await requestCms(DELETE_PLAYLIST, { id: documentId });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  },
};
