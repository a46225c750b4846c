import { Link } from 'react-router-dom';
import type { PlaylistItemRecord } from '../../../lib/db/database';
import { CONTEXT_PATH_UNAVAILABLE, hasUsableContextPath } from '../../../lib/content/activity-time';
import { playlistItemPage } from '../../../lib/playlists/item-link';
import { isAudioItemDetails } from '../../../lib/playlists/playlist-queries';
import { ActivityCard } from '../../../shared/activities/activity-card';
import { AudioPlayer } from '../../../shared/media/audio-player';

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

/**
 * The item's page (see playlistItemPage); a path built from a missing value stays as it is, so
 * the card shows the spec's 'not available' text for it.
 */
function itemLink(item: PlaylistItemRecord): string {
  return playlistItemPage(item) ?? item.contextPath;
}

/**
 * One playlist item (spec part 1, "Playlist detail"): an activity card with time, type and
 * introduction, or an audio card with its caption and player; both link to their library
 * (context_path) unless that path is unusable.
 */
export function PlaylistItemCard({ item }: { item: PlaylistItemRecord }) {
  if (item.kind === 'ComponentPlaylistsActivity') {
    return (
      <ActivityCard
        title={item.title}
        headingLevel={2}
        to={itemLink(item)}
        time={text(item.details.time)}
        type={text(item.details.type)}
        introduction={text(item.details.introduction)}
      />
    );
  }
  const details = isAudioItemDetails(item.details) ? item.details : null;
  return (
    <article className="activity-card playlist-item--audio">
      <h2 className="activity-card__title">{item.title}</h2>
      {details?.caption && details.caption !== item.title && (
        <p className="activity-card__time">{details.caption}</p>
      )}
      {details && <AudioPlayer src={details.url} title={item.title} hideTitle />}
      {hasUsableContextPath(item.contextPath) ? (
        <Link className="button button--secondary activity-card__link" to={itemLink(item)}>
          Open in the Audio Library<span className="visually-hidden">: {item.title}</span>
        </Link>
      ) : (
        <p className="activity-card__unavailable">{CONTEXT_PATH_UNAVAILABLE}</p>
      )}
    </article>
  );
}
