/** Spec part 2, section 9: an activity without a time is labelled 'Free-flow'. */
export const DEFAULT_TIME_LABEL = 'Free-flow';

export function timeLabel(time: string | null | undefined): string {
  return time?.trim() || DEFAULT_TIME_LABEL;
}

/**
 * Spec part 2, "Activity page": a card whose context path was built from a missing value (it
 * contains 'undefined') cannot link to the activity library.
 */
export function hasUsableContextPath(path: string | null | undefined): path is string {
  return Boolean(path) && !path!.includes('undefined');
}

export const CONTEXT_PATH_UNAVAILABLE = 'link to activity library not available';
