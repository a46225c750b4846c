import { queryOptions, useQuery } from '@tanstack/react-query';
import { db, type PlaylistRecord } from '../db/database';

/**
 * Playlists are read from Dexie, never straight from the CMS: the local copy is the truth the
 * UI shows (online or offline), and the sync engine keeps it and the CMS in step. Every local
 * write invalidates the `['playlists']` prefix.
 */
export const PLAYLISTS_KEY = ['playlists'] as const;

/** Audio items keep the file's address so a playlist plays offline (PlaylistItemRecord.details). */
export interface AudioItemDetails {
  url: string;
  caption?: string | null;
}

export function isAudioItemDetails(details: unknown): details is AudioItemDetails {
  return typeof details === 'object' && details !== null && typeof (details as { url?: unknown }).url === 'string';
}

export function playlistsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...PLAYLISTS_KEY, 'list', userId],
    queryFn: async (): Promise<PlaylistRecord[]> => {
      if (!userId) return [];
      const all = await db.playlists.where('userId').equals(userId).toArray();
      return all.filter((playlist) => !playlist.deleted).sort((a, b) => a.title.localeCompare(b.title));
    },
    networkMode: 'always',
    staleTime: Infinity,
  });
}

/** One playlist by its client id (the id in /playlists/{id} URLs, known even before the CMS has it). */
export function playlistQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: [...PLAYLISTS_KEY, 'one', clientId],
    queryFn: async (): Promise<PlaylistRecord | null> => {
      const playlist = await db.playlists.get(clientId);
      return playlist && !playlist.deleted ? playlist : null;
    },
    networkMode: 'always',
    staleTime: Infinity,
  });
}

export function usePlaylist(clientId: string) {
  return useQuery(playlistQueryOptions(clientId));
}

export function usePlaylists(userId: string | null) {
  return useQuery(playlistsQueryOptions(userId));
}
