import type { PlaylistItemRecord } from '../db/database';
import { hasUsableContextPath } from '../content/activity-time';
import { sameOriginPath } from '../content/same-origin-path';

/** Where an item links when its stored path leads off the app: its library (as LibraryLinks). */
const LIBRARY_PATHS = {
  ComponentPlaylistsActivity: '/-/-/activity-filter',
  ComponentPlaylistsAudioItem: '/audiolibrary',
};

/**
 * The in-app page of a playlist item: its context path when that is an in-app path, its library
 * when the path leads elsewhere (anyone can store any string through the API), and null when the
 * path was built from a missing value (the spec's 'not available' case).
 */
export function playlistItemPage(item: Pick<PlaylistItemRecord, 'contextPath' | 'kind'>) {
  if (!item.contextPath || !hasUsableContextPath(item.contextPath)) return null;
  return sameOriginPath(item.contextPath) ?? LIBRARY_PATHS[item.kind];
}
