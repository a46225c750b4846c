/** Registration field errors arrive under `user_profile_data.`; the form shows them by field. */
const PROFILE_PREFIX = 'user_profile_data.';

export function registrationFieldErrors(
  fieldErrors: Record<string, string>,
): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = path.startsWith(PROFILE_PREFIX) ? path.slice(PROFILE_PREFIX.length) : path;
    byField[field] ??= message;
  }
  return byField;
}

/** The registration fields that show their own server message (spec part 1, section 5). */
export const REGISTRATION_FIELDS = [
  'first_name',
  'last_name',
  'postcode',
  'email',
  'password',
] as const;

/** The registration and reset forms show the one password rule the CMS holds, as their hint. */
export { PASSWORD_HINT } from '@music-classroom/shared/password-rule';
