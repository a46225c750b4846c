import { CmsError } from '../../../lib/cms/errors';

/**
 * Why an activity's slideshow could not be read, in the words the overview shows. A request the
 * browser could not send, or any failure while it is offline, means the slides are not on this
 * device; anything else is the CMS's own message.
 */
export function unavailableReason(error: unknown, online: boolean): string {
  const unreachable =
    (error instanceof CmsError && error.isNetworkError) || error instanceof TypeError;
  if (!online || unreachable)
    return 'Not available offline: its slides are not saved on this device.';
  const message = error instanceof Error ? error.message : String(error);
  return `Its slides could not be loaded: ${message}`;
}

/**
 * Where a teacher makes a missing activity available: a playlist's page has its 'Make available
 * offline'. A custom unit has no download of its own; its lesson page, opened while online, loads
 * the activities again (and the worker keeps their answers for the next time offline).
 */
export function unavailableLink(
  family: 'playlist' | 'custom-lesson',
  exitPath: string,
): { label: string; path: string } {
  return family === 'playlist'
    ? { label: 'Open the playlist to make it available offline', path: exitPath }
    : { label: 'Open the lesson page to load it while online', path: exitPath };
}

/** Spec part 1: what a signed-in teacher without content access is told, and where to go. */
export const SUBSCRIPTION_NEEDED = 'You need an active subscription to access this content.';
export const SUBSCRIBE_LINK = { label: 'Subscribe now', path: '/subscribe' };

/** A playlist's activity the CMS no longer has (unpublished or deleted since it was added). */
export const NO_LONGER_AVAILABLE = 'This activity is no longer available.';

/** A playlist's activity that has no slides to show: listed, with the way to its page. */
export const NO_SLIDES = 'No slides: this activity has nothing to show in lesson mode.';
export const activityPageLink = (path: string) => ({ label: 'Open the activity page', path });
