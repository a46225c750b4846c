import { useLiveQuery } from 'dexie-react-hooks';
import { useAuthStore } from '../auth/auth-store';
import { db, type PlaylistRecord } from '../db/database';
import { hasPulled } from '../sync/sync-notices';
import { lastRoundFailed, useSyncStatus } from '../sync/sync-status-store';
import { useOnline } from '../ui/use-online';

/**
 * Playlists are read from Dexie, never straight from the CMS: the local copy is the truth the
 * UI shows (online or offline), and the sync engine keeps it and the CMS in step. Screens observe
 * IndexedDB through live queries (one owner, observed), so a write here, a sync round
 * or another tab's edit shows at once without anyone refreshing a copy.
 */

/** Audio items keep the file's address so a playlist plays offline (PlaylistItemRecord.details). */
export interface AudioItemDetails {
  url: string;
  caption?: string | null;
  /** The file's size in kB as the CMS gives it, so a playlist's download knows it beforehand. */
  size?: number | null;
}

export function isAudioItemDetails(details: unknown): details is AudioItemDetails {
  return (
    typeof details === 'object' &&
    details !== null &&
    typeof (details as { url?: unknown }).url === 'string'
  );
}

export async function readOwnPlaylists(userId: string): Promise<PlaylistRecord[]> {
  const all = await db.playlists.where('userId').equals(userId).toArray();
  return all.filter((playlist) => !playlist.deleted).sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * One of this teacher's playlists by its client id, or null. The owner is checked: on a shared
 * device another teacher's unsynced playlists stay in IndexedDB for their next sign-in, and must
 * not open for whoever is signed in now (not even at /playlists/{their id}/slides).
 */
export async function readOwnPlaylist(
  clientId: string,
  userId: string | null,
): Promise<PlaylistRecord | null> {
  if (!userId) return null;
  const playlist = await db.playlists.get(clientId);
  return playlist && !playlist.deleted && playlist.userId === userId ? playlist : null;
}

export interface OwnPlaylists {
  /** undefined while IndexedDB is being read. */
  playlists: PlaylistRecord[] | undefined;
  /**
   * Whether this device has ever had the CMS's list: an empty list before that is not "no
   * playlists", only "not known yet": late is not empty.
   */
  pulled: boolean;
}

export function useOwnPlaylists(userId: string | null): OwnPlaylists {
  const state = useLiveQuery(async () => {
    if (!userId) return { playlists: [], pulled: true };
    const [playlists, pulled] = await Promise.all([readOwnPlaylists(userId), hasPulled(userId)]);
    return { playlists, pulled };
  }, [userId]);
  return state ?? { playlists: undefined, pulled: false };
}

export interface OwnPlaylist {
  /** undefined while IndexedDB is being read; null when it is not this teacher's playlist here. */
  playlist: PlaylistRecord | null | undefined;
  /**
   * Whether this device has ever had the CMS's list: a playlist missing before that is late,
   * not deleted (a bookmark opened on a device just signed in to).
   */
  pulled: boolean;
}

export function useOwnPlaylist(clientId: string): OwnPlaylist {
  const userId = useAuthStore((state) =>
    state.user && state.authToken ? String(state.user.id) : null,
  );
  const state = useLiveQuery(async () => {
    if (!userId) return { playlist: null, pulled: true };
    const [playlist, pulled] = await Promise.all([
      readOwnPlaylist(clientId, userId),
      hasPulled(userId),
    ]);
    return { playlist, pulled };
  }, [clientId, userId]);
  return state ?? { playlist: undefined, pulled: false };
}

/**
 * Whether a screen should still wait for this device's first copy of the teacher's playlists
 * rather than say what is missing: only while that copy can still come (online, and the last
 * sync round did not fail). Offline or after a failed round the screen says why it is empty.
 */
export function useAwaitingFirstPull(pulled: boolean): boolean {
  const online = useOnline();
  // A first pull that failed (the CMS is down, the Wi-Fi is dead) ends the wait.
  const syncFailed = useSyncStatus(lastRoundFailed);
  return !pulled && online && !syncFailed;
}
