// The one password rule (spec part 1, registration hint), run by the app's forms (as their hint)
// and by the CMS on every path that sets a password (register, reset, change, the admin panel),
// so the text a teacher reads is the rule the server holds.

export const PASSWORD_HINT =
  'Your password must be 6 or more characters and contain a mix of letters and numbers.';

/** @param {unknown} password */
export function isAcceptablePassword(password) {
  return (
    typeof password === 'string' &&
    password.length >= 6 &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}
