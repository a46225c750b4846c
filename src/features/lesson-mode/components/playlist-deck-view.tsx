import { useAuthStore, selectCanAccessContent } from '../../../lib/auth/auth-store';
import { useAwaitingFirstPull, useOwnPlaylist } from '../../../lib/playlists/playlist-queries';
import { LoadingView } from '../../../lib/ui/loading-view';
import { Spinner } from '../../../lib/ui/spinner';
import type { PlaylistRecord } from '../../../lib/db/database';
import { useActivitySlideShows } from '../hooks/use-activity-slide-shows';
import { playlistDeck } from '../model/family-decks';
import type { RouteFamily } from '../model/route-family';
import { DeckView } from './deck-view';
import { LessonModeMessage } from './lesson-mode-message';

type PlaylistFamily = Extract<RouteFamily, { kind: 'playlist' }>;

/**
 * A playlist's slides: /playlists/{playlistId}/slides/{item}/... The playlist is the device's
 * copy (Dexie, kept in step with the CMS by the sync engine), so it runs offline once its
 * activities' slideshows are cached or downloaded.
 */
export function PlaylistDeckView({ family }: { family: PlaylistFamily }) {
  const { playlist, pulled } = useOwnPlaylist(family.playlistId);
  const awaitingFirstPull = useAwaitingFirstPull(pulled);
  if (playlist === undefined) return <Spinner />;
  if (!playlist && awaitingFirstPull) return <LoadingView label="Loading your playlists…" />;
  if (!playlist) {
    return (
      <LessonModeMessage
        family={family}
        title="Playlist not found"
        message="This playlist is not on this device. It appears here once your playlists have synced."
      />
    );
  }
  return <PlaylistSlides family={family} playlist={playlist} />;
}

function PlaylistSlides({
  family,
  playlist,
}: {
  family: PlaylistFamily;
  playlist: PlaylistRecord;
}) {
  // Slideshows are for subscribers; others get the playlist's audio items, and each activity
  // listed with the subscription it needs.
  const canAccess = useAuthStore(selectCanAccessContent);
  const ids = playlist.items
    .filter((item) => item.kind === 'ComponentPlaylistsActivity')
    .map((item) => item.itemId);
  const { pending, slideshows, unavailable } = useActivitySlideShows(ids, canAccess);
  if (pending) return <LoadingView />;
  const deck = playlistDeck(playlist, slideshows, family, unavailable, canAccess);
  return <DeckView deck={deck} params={family.slide} />;
}
