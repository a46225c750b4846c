'use strict';

const { errors } = require('@strapi/utils');
const { passwordRule } = require('../extensions/users-permissions/password-rule');
const { NO_RESET_CODE } = require('../extensions/users-permissions/reset-code');
const { normaliseEmail, emailAddressProblem } = require('../utils/email-address');

const USER = 'plugin::users-permissions.user';
// Strapi's built-in sender for its account e-mails; replaced so they come from EMAIL_FROM.
const STRAPI_SENDER = 'no-reply@strapi.io';
const STRAPI_CONFIRMATION_START = '<p>Thank you for registering!</p>';
// Our earlier text linked to the CMS's own route, which shows raw JSON to a second visit; an
// install still holding it gets the current one.
const PREVIOUS_CONFIRMATION_MESSAGE = `<p>Please confirm that this is your e-mail address for Music Classroom by following this link:</p>
<p><%= URL %>?confirmation=<%= CODE %></p>
<p>If a school invited you to its subscription, you join it when you confirm.</p>`;

/** The link opens the app's /account/confirm page, which confirms and says what happened. */
function confirmationMessage(appUrl) {
  return `<p>Please confirm that this is your e-mail address for Music Classroom by following this link:</p>
<p>${appUrl}/account/confirm?confirmation=<%= CODE %></p>
<p>If a school invited you to its subscription, you join it when you confirm.</p>`;
}

/**
 * Every write of a user, wherever it comes from (register, reset, change password, the admin
 * panel), goes through the Document Service, so the account rules hold here:
 * - a new password follows the one password rule,
 * - a new password stamps password_changed_at, which ends older sessions (token-revocation.js),
 *   and kills any password-reset code, so an old code cannot undo the change;
 * - a new reset code records when it was issued (it lives one hour: reset-code.js);
 * - the e-mail is stored normalised, plain ASCII (utils/email-address.js), and names one account only;
 * - the username is always the e-mail, so an identifier names exactly one account.
 */
function guardUserWrites(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== USER || !['create', 'update'].includes(context.action)) return next();
    const data = context.params?.data;
    if (!data || typeof data !== 'object') return next();
    const documentId = context.action === 'update' ? context.params.documentId : null;
    if ('resetPasswordToken' in data) await stampResetCode(strapi, data, documentId);
    if (data.password !== undefined && data.password !== null && data.password !== '') {
      const { PASSWORD_HINT, isAcceptablePassword } = await passwordRule();
      if (!isAcceptablePassword(data.password)) {
        throw new errors.ValidationError(PASSWORD_HINT, {
          errors: [{ path: ['password'], message: PASSWORD_HINT, name: 'ValidationError' }],
        });
      }
      if (context.action === 'update')
        Object.assign(data, { password_changed_at: new Date(), ...NO_RESET_CODE });
    }
    const email = typeof data.email === 'string' ? normaliseEmail(data.email) : '';
    if (email) {
      refuseUnusableEmail(email);
      await refuseTakenEmail(strapi, email, documentId);
      data.email = email;
      data.username = email;
    } else if (context.action === 'update') delete data.username;
    return next();
  });
}

/** A new code gets its issue time; an unchanged code (an admin form saved as it was) keeps its own. */
async function stampResetCode(strapi, data, documentId) {
  if (!data.resetPasswordToken) {
    Object.assign(data, NO_RESET_CODE);
    return;
  }
  const stored = documentId
    ? await strapi.db.query(USER).findOne({ where: { documentId }, select: ['resetPasswordToken'] })
    : null;
  if (stored?.resetPasswordToken !== data.resetPasswordToken)
    data.reset_password_issued_at = new Date();
}

/** Only plain ASCII addresses are stored (utils/email-address.js says why). */
function refuseUnusableEmail(email) {
  const message = emailAddressProblem(email);
  if (message)
    throw new errors.ValidationError(message, {
      errors: [{ path: ['email'], message, name: 'ValidationError' }],
    });
}

/** Two spellings of one address (case, invisible characters, compatibility forms) are one account. */
async function refuseTakenEmail(strapi, email, documentId) {
  const where = {
    $or: [{ email }, { username: email }],
    ...(documentId ? { documentId: { $ne: documentId } } : {}),
  };
  if ((await strapi.db.query(USER).count({ where })) === 0) return;
  const message = 'Another account already uses this email address.';
  throw new errors.ValidationError(message, {
    errors: [{ path: ['email'], message, name: 'ValidationError' }],
  });
}

/** Accounts made before usernames followed e-mails: a username that differs takes the e-mail. */
async function alignUsernames(strapi) {
  const users = strapi.db.query(USER);
  const all = await users.findMany({ select: ['id', 'username', 'email'] });
  const differing = all.filter((user) => user.email && user.username !== user.email.toLowerCase());
  if (differing.length === 0) return;
  // Two passes: one account's old username may be another's e-mail.
  for (const user of differing)
    await users.update({
      where: { id: user.id },
      data: { username: `renaming-${user.id}-${Date.now()}` },
    });
  for (const user of differing)
    await users.update({ where: { id: user.id }, data: { username: user.email.toLowerCase() } });
  strapi.log.info(`[accounts] ${differing.length} username(s) set to the account's e-mail`);
}

/**
 * The account e-mails (reset password, confirmation) come from the configured sender: an empty
 * `from` makes Strapi leave it to the e-mail plugin's defaultFrom (EMAIL_FROM). A sender or
 * text an administrator chose in the admin panel is kept.
 */
async function configureAccountEmails(strapi, { appUrl }) {
  const app = appUrl.replace(/\/$/, '');
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const templates = (await store.get({ key: 'email' })) ?? {};
  for (const key of ['reset_password', 'email_confirmation']) {
    const options = templates[key]?.options;
    if (!options) continue;
    if (!options.from || options.from.email === STRAPI_SENDER)
      options.from = { name: '', email: '' };
    if (key === 'email_confirmation' && isOurs(options.message)) {
      options.object = 'Confirm your e-mail address';
      options.message = confirmationMessage(app);
    }
  }
  await store.set({ key: 'email', value: templates });
  const advanced = (await store.get({ key: 'advanced' })) ?? {};
  // Strapi redirects a confirmed code here; the app's confirm page reads that as success, and
  // anyone who still opens the CMS route itself lands on the app's greeting for joining a school.
  await store.set({
    key: 'advanced',
    value: { ...advanced, email_confirmation_redirection: `${app}/welcome/new_invitation` },
  });
}

/**
 * Strapi's default text, or one this file wrote (earlier or for another app address), is ours to
 * replace; a text an administrator wrote stays.
 */
function isOurs(message) {
  const text = String(message ?? '');
  return (
    text.startsWith(STRAPI_CONFIRMATION_START) ||
    text === PREVIOUS_CONFIRMATION_MESSAGE ||
    /^<p>Please confirm that this is your e-mail address for Music Classroom by following this link:<\/p>\n<p>[^<]*\/account\/confirm\?confirmation=<%= CODE %><\/p>\n<p>If a school invited you to its subscription, you join it when you confirm\.<\/p>$/.test(
      text,
    )
  );
}

async function setupAccountSecurity(strapi, { appUrl }) {
  guardUserWrites(strapi);
  await alignUsernames(strapi);
  await configureAccountEmails(strapi, { appUrl });
}

module.exports = { setupAccountSecurity, configureAccountEmails };
