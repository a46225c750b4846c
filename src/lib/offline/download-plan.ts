import type { Variables } from 'graphql-request';

/** Runs one query for a download: it is fetched, stored for offline use, and its media noted. */
export type DownloadRun = <Result>(document: string, variables?: Variables) => Promise<Result>;

/**
 * What "make available offline" stores for one item: the queries its pages and lesson mode
 * run (the plan runs them, so it can follow ids found in one answer to the next query, e.g. a
 * lesson's sub-slideshows). Features build plans; the download manager runs them.
 */
export interface DownloadPlan {
  kind: 'lesson' | 'unit' | 'playlist' | 'audio-page';
  contentId: string;
  title: string;
  /** Where the item lives, for the storage page's link. */
  path: string;
  /** Uploaded files the item needs that no answer names (a playlist's audio items keep their address on this device). */
  media?: string[];
  /**
   * What the item is made of now, when that can change on this device (a playlist's items): a
   * download made of another version offers 'Update download'.
   */
  version?: string;
  collect: (run: DownloadRun) => Promise<void>;
}
