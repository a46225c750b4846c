/**
 * Every name this app stores under in the browser, in one place: local and session storage keys,
 * the IndexedDB database and the Cache Storage caches. Each key has one owner module (named
 * beside it), the only code that reads or writes it; a lint rule keeps the session's keys and
 * storage-wide wipes inside src/lib/session (eslint.config.js). docs/offline-storage.md describes
 * each store and when it is emptied.
 */
export const STORAGE_KEYS = {
  /** The session, under the spec's names (src/lib/session/session-storage.ts). */
  user: 'user',
  auth: 'auth',
  role: 'role',
  /** A sign-out whose purge has not finished yet (src/lib/auth/sign-out.ts). */
  pendingPurge: 'pending-purge',
  /** What a 401 did, for the page it reloads to (src/lib/auth/sign-out.ts). */
  sessionEnded: 'session-ended',
  /** Persisted queries marked `meta.persist` (src/lib/query/query-client.ts). */
  queryCache: 'music-classroom-query-cache',
} as const;

/*
 * Settings of the device (kept across sign-outs, like the practice settings) are named in
 * src/lib/device-setting-keys.ts, with their owners: `audio-description`, whether films play with
 * their audio description (src/shared/media/audio-description-setting.ts). A module of their own,
 * imported only by their owners: a key here is code every visitor's first page loads.
 */

/** Local storage keys made of a prefix and a name. */
export const STORAGE_KEY_PREFIXES = {
  /** `practice:<media URL>`: one recording's practice settings (src/shared/practice/). */
  practice: 'practice:',
  /** `unit-builder:<programme>`: the unit builder's chosen strands (src/features/custom-units/). */
  unitBuilder: 'unit-builder:',
} as const;

/** Session storage (one tab's life). */
export const SESSION_STORAGE_KEYS = {
  /** This tab shows the presenter view (src/features/lesson-mode/presenter/presenter-session.ts). */
  presenting: 'lesson-mode-presenting',
  /** When this tab started presenting, for the lesson's elapsed time (presenter-session.ts). */
  presentingSince: 'lesson-mode-presenting-since',
} as const;

/**
 * The name of the audience's window of a presented lesson, which the browser keeps for that tab
 * like its session storage: it survives reloads, and a second "Present" reuses the window
 * (src/features/lesson-mode/presenter/).
 */
export const AUDIENCE_WINDOW_NAME = 'lesson-mode-audience';

/** The session's own keys: written at sign-in, removed at sign-out. */
export const SESSION_KEYS = [STORAGE_KEYS.user, STORAGE_KEYS.auth, STORAGE_KEYS.role] as const;

/**
 * What else is the signed-out teacher's and leaves with the session, on a shared device: the
 * answers persisted for them, a unit they were building, the tab's presenter view. What stays is
 * the device's own (practice settings per recording, audio description) and the sign-out's own bookkeeping
 * (`pending-purge`, `session-ended`).
 */
export const SIGNED_IN_ONLY = {
  local: [STORAGE_KEYS.queryCache],
  localPrefixes: [STORAGE_KEY_PREFIXES.unitBuilder],
  session: [SESSION_STORAGE_KEYS.presenting, SESSION_STORAGE_KEYS.presentingSince],
} as const;

/** The IndexedDB database (src/lib/db/database.ts). */
export const INDEXED_DB_NAME = 'music-classroom';

/** The Cache Storage caches, defined beside the messages the worker shares with the page. */
export { CACHE_NAMES } from './sw-messages';
