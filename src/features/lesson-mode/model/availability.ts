import { CmsError } from '../../../lib/cms/errors';

/**
 * Why an activity's slideshow could not be read, in the words the overview shows. A request the
 * browser could not send, or any failure while it is offline, means the slides are not on this
 * device; anything else is the CMS's own message.
 */
export function unavailableReason(error: unknown, online: boolean): string {
  const unreachable = (error instanceof CmsError && error.isNetworkError) || error instanceof TypeError;
  if (!online || unreachable) return 'Not available offline: its slides are not saved on this device.';
  const message = error instanceof Error ? error.message : String(error);
  return `Its slides could not be loaded: ${message}`;
}
