'use strict';

// Spec part 1, registration hint: the one password rule, checked on every path that sets a password
// (register, reset, change, the admin panel), so the text the form shows is the rule the server holds.
const PASSWORD_HINT =
  'Your password must be 6 or more characters and contain a mix of letters and numbers.';

/** @param {unknown} password */
function isAcceptablePassword(password) {
  return (
    typeof password === 'string' &&
    password.length >= 6 &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

module.exports = { PASSWORD_HINT, isAcceptablePassword };
