import type { Variables } from 'graphql-request';
import type { MediaReference } from './collect-media';

/** Runs one query for a download: it is fetched, stored for offline use, and its media noted. */
export type DownloadRun = <Result>(document: string, variables?: Variables) => Promise<Result>;

/**
 * What "make available offline" stores for one item: the queries its pages and lesson mode
 * run (the plan runs them, so it can follow ids found in one answer to the next query, e.g. a
 * lesson's sub-slideshows). Features build plans; the download manager runs them.
 */
/**
 * What a plan is rebuilt from without its page (a download cut short before its files were
 * listed, resumed at the next start): plain data, stored in the download record and given to the
 * kind's plan builder (./plan-builders).
 */
export type PlanParams = Record<string, string | string[]>;

/**
 * What a plan learns from the answers it collects: the item's title as the CMS has it now, so an
 * update renames the download when the editor renamed the lesson.
 */
export interface PlanFindings {
  title: (title: string) => void;
}

/** Answers already at hand (a lesson file's), by query and variables; undefined when it has none. */
export type AnswersAtHand = (document: string, variables: Variables) => Promise<unknown>;

/**
 * What opening an item from a lesson file makes for the teacher who opens it, when the item is a
 * teacher's own (a playlist: a new playlist of the same items, theirs, synced like any other).
 */
export interface OwnCopy {
  contentId: string;
  title: string;
  path: string;
  /** The copy's plan params, with `copiedFrom`: the original's content id. */
  params: PlanParams & { copiedFrom: string };
  version?: string;
  /** Operations whose answers described the original only: not kept with the copy. */
  sourceOnly: string[];
  /**
   * Makes the copy: the last step of opening the file, once its download is stored under the
   * copy's id (a reload before it leaves neither).
   */
  make: () => Promise<void>;
  /** Takes the copy back, if it was made. */
  undo: () => Promise<void>;
}

export interface DownloadPlan {
  kind: 'lesson' | 'unit' | 'playlist' | 'audio-page';
  contentId: string;
  /**
   * What the kind's plan builder needs to make this plan again (every feature's plan has it;
   * without it, a download cut short before its files were listed waits for its page).
   */
  params?: PlanParams;
  title: string;
  /** Where the item lives, for the storage page's link. */
  path: string;
  /**
   * Uploaded files the item needs that no answer names (a playlist's audio items keep their
   * address on this device), with their size from the CMS when known (0: unknown).
   */
  media?: MediaReference[];
  /**
   * What the item is made of now, when that can change on this device (a playlist's items): a
   * download made of another version offers 'Update download'.
   */
  version?: string;
  collect: (run: DownloadRun, found?: PlanFindings) => Promise<void>;
  /**
   * Whether `path` is this item's own page: the link a download opened from a lesson file keeps
   * (the file's is not signed) must be one, or the file is refused (as it is without this).
   */
  ownsPath?: (path: string) => boolean;
  /** For an item that is a teacher's own: the copy a lesson file of it opens as (see OwnCopy). */
  ownCopy?: (userId: string) => OwnCopy;
  /**
   * Why a lesson file of this download, made from its stored answers, would not open on another
   * device (a playlist the CMS does not hold as this device shows it), or null.
   */
  fileProblem?: (atHand: AnswersAtHand) => Promise<string | null>;
}
