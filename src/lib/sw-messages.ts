/** Messages between the page and the service worker; both sides import these types. */
export type PageToWorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'CLAIM' }
  /** Log Out or a 401 ended the session whose token hashes to `partition` (sign-out.ts). */
  | { type: 'SESSION_ENDED'; partition: string };

/** Cache Storage names. Downloaded content has stable names that a new build never deletes. */
export const CACHE_NAMES = {
  graphql: 'graphql-v1',
  mediaRuntime: 'media-runtime-v1',
  mediaDownloads: 'media-downloads',
} as const;

/** Same-origin paths the web server proxies to the CMS; never answered with the app shell. */
export const CMS_PATHS = ['/graphql', '/api', '/uploads', '/documents', '/admin'] as const;

/** A media request the download manager makes: the worker fetches it and keeps no runtime copy. */
export const MEDIA_DOWNLOAD_HEADER = 'x-media-download';
