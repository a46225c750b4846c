import type { PlaylistItem, PlaylistState } from '@music-classroom/shared/playlist-ops';
import type { ServerConflict } from '@music-classroom/shared/playlist-sync-protocol';
import type { PlaylistItemRecord, PlaylistRecord } from '../db/database';

export const ACTIVITY_ITEM = 'ComponentPlaylistsActivity';
export const AUDIO_ITEM = 'ComponentPlaylistsAudioItem';

/** A clash the CMS recorded for one device's operation (the shared sync wire). */
export type { ServerConflict };

/** A playlist as the CMS answers the Playlists query (flat Strapi 5 GraphQL). */
export interface ServerPlaylist {
  documentId: string;
  title: string;
  client_id: string | null;
  updatedAt: string | null;
  version?: number | null;
  conflicts?: ServerConflict[] | null;
  audience: { documentId: string; title: string } | null;
  playlist_item: ServerPlaylistItem[];
}

interface ItemIdentity {
  /** The component's id: the key of an item stored before items had keys of their own. */
  id?: string | number | null;
  item_key?: string | null;
}

export type ServerPlaylistItem = ItemIdentity &
  (
    | {
        __typename: typeof ACTIVITY_ITEM;
        title: string | null;
        context_path: string | null;
        item: {
          documentId: string;
          title?: string | null;
          time?: string | null;
          type?: string | null;
          introduction?: string | null;
        } | null;
      }
    | {
        __typename: typeof AUDIO_ITEM;
        title: string | null;
        context_path: string | null;
        item: {
          documentId: string;
          url: string;
          caption?: string | null;
          name?: string | null;
          size?: number | null;
        } | null;
      }
    | { __typename?: string; title?: string | null; context_path?: string | null; item?: unknown }
  );

export function newKey(): string {
  return crypto.randomUUID();
}

/** The item's stable key: its own, or for an item stored before keys existed, its component's id. */
export function serverItemKey(item: ItemIdentity): string {
  return item.item_key || `cms-${String(item.id ?? '')}`;
}

/**
 * The CMS item to the local one. Items without a known type or without their referenced
 * document (deleted in the CMS) are filtered out (spec part 1, section 5).
 */
export function serverItemToRecord(item: ServerPlaylistItem): PlaylistItemRecord | null {
  if (item.__typename === ACTIVITY_ITEM) {
    const activity = item.item as Extract<
      ServerPlaylistItem,
      { __typename: typeof ACTIVITY_ITEM }
    >['item'];
    if (!activity) return null;
    return {
      key: serverItemKey(item),
      kind: ACTIVITY_ITEM,
      title: item.title ?? activity.title ?? '',
      itemId: activity.documentId,
      contextPath: item.context_path ?? '',
      details: {
        time: activity.time ?? null,
        type: activity.type ?? null,
        introduction: activity.introduction ?? null,
      },
    };
  }
  if (item.__typename === AUDIO_ITEM) {
    const file = item.item as Extract<
      ServerPlaylistItem,
      { __typename: typeof AUDIO_ITEM }
    >['item'];
    if (!file) return null;
    return {
      key: serverItemKey(item),
      kind: AUDIO_ITEM,
      title: item.title ?? file.caption ?? file.name ?? '',
      itemId: file.documentId,
      contextPath: item.context_path ?? '',
      details: {
        url: file.url,
        caption: file.caption ?? null,
        ...(typeof file.size === 'number' ? { size: file.size } : {}),
      },
    };
  }
  return null;
}

/** Playlists the CMS has that were made elsewhere without a client id get a stable local one. */
export function clientIdOf(server: Pick<ServerPlaylist, 'client_id' | 'documentId'>): string {
  return server.client_id ?? `cms-${server.documentId}`;
}

/** A local item as an operation carries it (no display details). */
export function toOperationItem(item: Omit<PlaylistItemRecord, 'details'>): PlaylistItem {
  return {
    key: item.key,
    kind: item.kind,
    itemId: item.itemId,
    title: item.title,
    contextPath: item.contextPath,
  };
}

export function stateOf(
  playlist: Pick<PlaylistRecord, 'title' | 'audienceId' | 'items'>,
): PlaylistState {
  return {
    title: playlist.title,
    audienceId: playlist.audienceId,
    items: playlist.items.map(toOperationItem),
  };
}

/**
 * Local items for a state, with the card details each item had here, or in `known` (what the
 * CMS answered): an item another device added has no details on this device until a pull.
 */
export function itemsWithDetails(
  state: PlaylistState,
  ...known: readonly (readonly PlaylistItemRecord[])[]
): PlaylistItemRecord[] {
  const details = new Map<string, Record<string, unknown>>();
  for (const items of known)
    for (const item of items) if (!details.has(item.key)) details.set(item.key, item.details);
  return state.items.map((item) => ({
    ...item,
    kind: item.kind as PlaylistItemRecord['kind'],
    details: details.get(item.key) ?? {},
  }));
}

/** The CMS's playlist as a local record with nothing pending. */
export function serverToRecord(server: ServerPlaylist, userId: string): PlaylistRecord {
  const items = server.playlist_item
    .map(serverItemToRecord)
    .filter((item): item is PlaylistItemRecord => item !== null);
  const record = {
    clientId: clientIdOf(server),
    userId,
    documentId: server.documentId,
    title: server.title,
    audienceId: server.audience?.documentId ?? null,
    items,
    deleted: false,
    updatedAt: Date.now(),
    serverUpdatedAt: server.updatedAt,
    version: server.version ?? 0,
  };
  return { ...record, serverState: stateOf(record) };
}
