import { CmsError } from '../../../lib/cms/errors';

/**
 * Custom units are saved and deleted online only (they do not go through the playlist outbox),
 * so a failure says plainly whether the connection is the reason, and that nothing was lost.
 */
export function customUnitProblem(
  error: unknown,
  action: 'create' | 'delete',
  online: boolean,
): string {
  const network = !online || (error instanceof CmsError && error.isNetworkError);
  if (action === 'create') {
    return network
      ? 'Creating a unit needs an internet connection. Your choices are kept: try again when you are back online.'
      : 'Your unit could not be saved. Your choices are kept: please try again.';
  }
  return network
    ? 'Deleting a unit needs an internet connection. Try again when you are back online.'
    : 'The unit could not be deleted. Please try again.';
}
