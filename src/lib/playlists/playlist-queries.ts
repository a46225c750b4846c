import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store';
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

/**
 * One of this teacher's playlists by its client id, or null. The owner is checked: on a shared
 * device another teacher's unsynced playlists stay in IndexedDB for their next sign-in, and must
 * not open for whoever is signed in now (issue 19: /playlists/{their id}/slides).
 */
export async function readOwnPlaylist(clientId: string, userId: string | null): Promise<PlaylistRecord | null> {
  if (!userId) return null;
  const playlist = await db.playlists.get(clientId);
  return playlist && !playlist.deleted && playlist.userId === userId ? playlist : null;
}

/** One playlist by its client id (the id in /playlists/{id} URLs, known even before the CMS has it). */
export function playlistQueryOptions(clientId: string, userId: string | null) {
  return queryOptions({
    queryKey: [...PLAYLISTS_KEY, 'one', clientId, userId],
    queryFn: () => readOwnPlaylist(clientId, userId),
    networkMode: 'always',
    staleTime: Infinity,
  });
}

export function usePlaylist(clientId: string) {
  const userId = useAuthStore((state) => (state.user ? String(state.user.id) : null));
  return useQuery(playlistQueryOptions(clientId, userId));
}

export function usePlaylists(userId: string | null) {
  return useQuery(playlistsQueryOptions(userId));
}
