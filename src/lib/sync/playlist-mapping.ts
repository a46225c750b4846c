import type { PlaylistItemRecord, PlaylistRecord } from '../db/database';

export const ACTIVITY_ITEM = 'ComponentPlaylistsActivity';
export const AUDIO_ITEM = 'ComponentPlaylistsAudioItem';

/** A playlist as the CMS answers the Playlists query (flat Strapi 5 GraphQL). */
export interface ServerPlaylist {
  documentId: string;
  title: string;
  client_id: string | null;
  updatedAt: string | null;
  audience: { documentId: string; title: string } | null;
  playlist_item: ServerPlaylistItem[];
}

export type ServerPlaylistItem =
  | {
      __typename: typeof ACTIVITY_ITEM;
      title: string | null;
      context_path: string | null;
      item: { documentId: string; title?: string | null; time?: string | null; type?: string | null; introduction?: string | null } | null;
    }
  | {
      __typename: typeof AUDIO_ITEM;
      title: string | null;
      context_path: string | null;
      item: { documentId: string; url: string; caption?: string | null; name?: string | null } | null;
    }
  | { __typename?: string; title?: string | null; context_path?: string | null; item?: unknown };

export interface PlaylistItemInput {
  __typename: typeof ACTIVITY_ITEM | typeof AUDIO_ITEM;
  title: string;
  item: string;
  context_path: string;
  playlist_order: number;
}

export interface PlaylistInput {
  title: string;
  client_id?: string;
  audience: string | null;
  playlist_item: PlaylistItemInput[];
}

export function newKey(): string {
  return crypto.randomUUID();
}

/**
 * The CMS item to the local one. Items without a known type or without their referenced
 * document (deleted in the CMS) are filtered out (spec part 1, section 5).
 */
export function serverItemToRecord(item: ServerPlaylistItem): PlaylistItemRecord | null {
  if (item.__typename === ACTIVITY_ITEM) {
    const activity = item.item as Extract<ServerPlaylistItem, { __typename: typeof ACTIVITY_ITEM }>['item'];
    if (!activity) return null;
    return {
      key: newKey(),
      kind: ACTIVITY_ITEM,
      title: item.title ?? activity.title ?? '',
      itemId: activity.documentId,
      contextPath: item.context_path ?? '',
      details: { time: activity.time ?? null, type: activity.type ?? null, introduction: activity.introduction ?? null },
    };
  }
  if (item.__typename === AUDIO_ITEM) {
    const file = item.item as Extract<ServerPlaylistItem, { __typename: typeof AUDIO_ITEM }>['item'];
    if (!file) return null;
    return {
      key: newKey(),
      kind: AUDIO_ITEM,
      title: item.title ?? file.caption ?? file.name ?? '',
      itemId: file.documentId,
      contextPath: item.context_path ?? '',
      details: { url: file.url, caption: file.caption ?? null },
    };
  }
  return null;
}

/** Playlists the CMS has that were made elsewhere without a client id get a stable local one. */
export function clientIdOf(server: Pick<ServerPlaylist, 'client_id' | 'documentId'>): string {
  return server.client_id ?? `cms-${server.documentId}`;
}

export function serverToRecord(server: ServerPlaylist, userId: string): PlaylistRecord {
  return {
    clientId: clientIdOf(server),
    userId,
    documentId: server.documentId,
    title: server.title,
    audienceId: server.audience?.documentId ?? null,
    items: server.playlist_item.map(serverItemToRecord).filter((item): item is PlaylistItemRecord => item !== null),
    deleted: false,
    updatedAt: Date.now(),
    serverUpdatedAt: server.updatedAt,
  };
}

/** The full, ordered state of a local playlist as the CMS mutation input. */
export function recordToInput(record: PlaylistRecord, withClientId: boolean): PlaylistInput {
  return {
    title: record.title,
    ...(withClientId && !record.clientId.startsWith('cms-') ? { client_id: record.clientId } : {}),
    audience: record.audienceId,
    playlist_item: record.items.map((item, index) => ({
      __typename: item.kind,
      title: item.title,
      item: item.itemId,
      context_path: item.contextPath,
      playlist_order: index,
    })),
  };
}
