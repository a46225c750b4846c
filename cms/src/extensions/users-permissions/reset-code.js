'use strict';

// A password-reset code is good for one hour after it was e-mailed, and only while it is the
// account's one live code: a new request, any password change and a sign-in with the password
// clear it (bootstrap/account-security.js, strapi-server.js).
const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;
// The app's own wording for a code that no longer works (src/lib/cms/errors.ts).
const RESET_CODE_GONE =
  'This password reset link has expired or has already been used. Please ask for a new one.';
/** The fields that clear a user's reset code. */
const NO_RESET_CODE = Object.freeze({ resetPasswordToken: null, reset_password_issued_at: null });

/** @param {string | Date | null | undefined} issuedAt @param {number} [now] */
function isResetCodeLive(issuedAt, now = Date.now()) {
  const issued = issuedAt ? new Date(issuedAt).getTime() : Number.NaN;
  // A code without an issue time (stored before issue times were) counts as expired.
  return Number.isFinite(issued) && issued <= now && now - issued < RESET_CODE_LIFETIME_MS;
}

module.exports = { RESET_CODE_LIFETIME_MS, RESET_CODE_GONE, NO_RESET_CODE, isResetCodeLive };
