'use strict';

/**
 * Bounds on what a teacher may store (without them, a trial account could save a 10,000-item
 * playlist in 77 s while the CMS served nobody else, and its Playlists query would then answer
 * 3 MB). The app keeps the same figures in src/lib/playlists/playlist-limits.ts (a test checks
 * they agree), so it can stop an edit before it is made; the CMS enforces them
 * (bootstrap/playlist-limits.js). A classroom playlist runs to tens of items; a term's worth of
 * lessons is still far below 500.
 */
const PLAYLIST_LIMITS = Object.freeze({
  maxItems: 500,
  maxPlaylistsPerUser: 200,
  /** Playlist titles, item titles and custom unit titles. */
  maxTitleLength: 200,
  /** An item's link back to where it was added (an app path). */
  maxContextPathLength: 500,
  /** The only components a playlist item may be (ARCHITECTURE.md, "CMS"). */
  itemComponents: Object.freeze(['playlists.activity', 'playlists.audio-item']),
});

module.exports = { PLAYLIST_LIMITS };
