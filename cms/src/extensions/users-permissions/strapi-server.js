'use strict';

const { randomBytes } = require('node:crypto');
const { errors } = require('@strapi/utils');
const { passwordRule } = require('./password-rule');
const { withCheckedUser, withPasswordChangeCheck } = require('./token-revocation');
const { withRolePermissionsMemory } = require('./role-permissions');
const { RESET_CODE_GONE, NO_RESET_CODE, isResetCodeLive } = require('./reset-code');
const {
  normaliseEmail,
  isEmailAddress,
  looksLikeAnAddress,
  emailAddressProblem,
  NOT_AN_ADDRESS,
} = require('../../utils/email-address');

const USER = 'plugin::users-permissions.user';
/** The app's own address (APP_URL), where the confirmation's outcome is told in words. */
const appAddress = () => (process.env.APP_URL || 'http://127.0.0.1:4173').replace(/\/$/, '');
const PROFILE_FIELDS = [
  'salutation',
  'first_name',
  'last_name',
  'phone_number',
  'school',
  'role',
  'address_1',
  'address_2',
  'postcode',
];
// A profile field longer than a database string column (varchar 255 on PostgreSQL) would fail
// after the account was created: refuse it with the other field errors, before anything is stored.
const PROFILE_FIELD_MAX = 255;
// One answer whatever made the address unusable (someone's e-mail, someone's username), so the
// answer says no more than a registration must.
const ADDRESS_UNAVAILABLE =
  'This email address cannot be used to create a new account. If you already have one, sign in or reset your password.';
// Strapi's own answer to a failed sign-in, kept word for word.
const SIGN_IN_FAILED = 'Invalid identifier or password';

/**
 * Registration as the app sends it (spec part 1, sections 5 and 7): email, username (= email),
 * password and user_profile_data, plus skip_trial, which is accepted and ignored (there is no
 * payment step). Field errors come back as Strapi validation details with paths such as
 * ['user_profile_data', 'first_name'], all at once.
 */
async function validateRegistration(body) {
  const { PASSWORD_HINT, isAcceptablePassword } = await passwordRule();
  const failures = [];
  const profile = {};
  const data =
    body.user_profile_data && typeof body.user_profile_data === 'object'
      ? body.user_profile_data
      : {};
  for (const field of PROFILE_FIELDS) {
    if (typeof data[field] !== 'string') continue;
    profile[field] = data[field].trim();
    if (profile[field].length > PROFILE_FIELD_MAX) {
      failures.push({
        path: ['user_profile_data', field],
        message: `Please use at most ${PROFILE_FIELD_MAX} characters`,
      });
    }
  }
  if (!profile.first_name)
    failures.push({
      path: ['user_profile_data', 'first_name'],
      message: 'Please enter your first name',
    });
  if (!profile.last_name)
    failures.push({
      path: ['user_profile_data', 'last_name'],
      message: 'Please enter your last name',
    });
  const email = normaliseEmail(body.email);
  const addressProblem = emailAddressProblem(email);
  if (addressProblem) failures.push({ path: ['email'], message: addressProblem });
  if (!isAcceptablePassword(body.password))
    failures.push({ path: ['password'], message: PASSWORD_HINT });
  if (failures.length > 0) {
    throw new errors.ValidationError('Please check the highlighted fields', {
      errors: failures.map((failure) => ({
        ...failure,
        name: 'ValidationError',
        value: undefined,
      })),
    });
  }
  return { email, password: body.password, profile };
}

/** A value that is no address at all is refused; that says nothing about any account. */
function requireAnAddress(email) {
  if (looksLikeAnAddress(email)) return;
  throw new errors.ValidationError(NOT_AN_ADDRESS, {
    errors: [{ path: ['email'], message: NOT_AN_ADDRESS, name: 'ValidationError' }],
  });
}

/**
 * Runs the work only a known address needs (a code, an e-mail) once the answer has gone, so the
 * answer is the same, and as quick, whether or not an account exists.
 */
function afterAnswer(strapi, ctx, label, work) {
  const run = () =>
    Promise.resolve()
      .then(work)
      .catch((error) => strapi.log.warn(`[${label}] ${error.message}`));
  if (!ctx.res || ctx.res.writableEnded || ctx.res.destroyed) {
    setImmediate(run);
    return;
  }
  ctx.res.once('close', run);
}

module.exports = (plugin) => {
  const authController = plugin.controllers.auth;

  plugin.controllers.auth = (context) => {
    const auth = typeof authController === 'function' ? authController(context) : authController;
    const { strapi } = context;
    const memberAccounts = () => strapi.service('api::member-account.member-account');
    const users = () => strapi.plugin('users-permissions').service('user');
    // A bcrypt hash of a random password, at the cost real ones have (Strapi's own hashing).
    let dummyHash = null;
    const aDummyHash = () => {
      dummyHash ??= users()
        .ensureHashedPasswords({ password: randomBytes(24).toString('hex') })
        .then((hashed) => hashed.password);
      return dummyHash;
    };

    return {
      ...auth,
      async register(ctx) {
        const body = ctx.request.body ?? {};
        const { email, password, profile } = await validateRegistration(body);
        // The username is the e-mail, whatever the client sent: a chosen username equal to a
        // colleague's address would block their sign-up and catch their logins.
        const taken = await strapi.db
          .query(USER)
          .count({ where: { $or: [{ email }, { username: email }] } });
        if (taken > 0) throw new errors.ApplicationError(ADDRESS_UNAVAILABLE);
        ctx.request.body = { email, password, username: email };
        await auth.register(ctx);
        const created = ctx.body?.user;
        if (!created?.documentId) return;
        try {
          // confirmed: false until the address is proven (an invitation waits for that proof);
          // e-mail confirmation is not required to sign in (advanced setting email_confirmation).
          await strapi.documents(USER).update({
            documentId: created.documentId,
            data: { user_profile: { ...profile, user_updated: true }, confirmed: false },
          });
        } catch (error) {
          // Atomic registration: no account without its profile.
          await strapi.db.query(USER).delete({ where: { id: created.id } });
          throw error;
        }
        ctx.body.user = {
          ...created,
          confirmed: false,
          user_profile: { ...profile, user_updated: true },
        };
        // Someone invited to a school subscription joins it once they prove the address is theirs.
        if (await memberAccounts().hasPendingInvitation(created.email)) {
          await users()
            .sendConfirmationEmail(created)
            .catch((error) =>
              strapi.log.warn(
                `[register] confirmation e-mail to ${created.email} failed: ${error.message}`,
              ),
            );
        }
      },

      /**
       * Sign-in by e-mail: the address is normalised as it was at registration, and an unknown
       * address costs the same bcrypt comparison as a known one (against a dummy hash), so the
       * answer's timing does not tell whether an account exists. A successful sign-in kills any
       * reset code: the person knows the password.
       */
      async callback(ctx) {
        const body = ctx.request.body ?? {};
        const local = (ctx.params?.provider ?? 'local') === 'local';
        if (!local || typeof body.identifier !== 'string' || typeof body.password !== 'string')
          return auth.callback(ctx);
        const identifier = normaliseEmail(body.identifier);
        ctx.request.body = { ...body, identifier };
        // An address outside the plain rule names no account (utils/email-address.js).
        const user = isEmailAddress(identifier)
          ? await strapi.db.query(USER).findOne({
              where: {
                provider: 'local',
                $or: [{ email: identifier }, { username: identifier }],
              },
              select: ['id', 'password', 'resetPasswordToken'],
            })
          : null;
        if (!user?.password) {
          await users().validatePassword(body.password, await aDummyHash());
          throw new errors.ValidationError(SIGN_IN_FAILED);
        }
        await auth.callback(ctx);
        if (ctx.body?.jwt && user.resetPasswordToken)
          await strapi.db.query(USER).update({ where: { id: user.id }, data: NO_RESET_CODE });
      },

      /**
       * One spelling of the address, as everywhere (utils/email-address.js), and one answer, given
       * at once: the reset code and e-mail a known address needs come after it, so neither the
       * answer nor its timing tells whether an account exists. An address outside the plain rule
       * names no account.
       */
      async forgotPassword(ctx) {
        const email = normaliseEmail(ctx.request.body?.email);
        requireAnAddress(email);
        ctx.send({ ok: true });
        if (!isEmailAddress(email)) return;
        const request = { request: { body: { email } }, state: ctx.state, send() {} };
        afterAnswer(strapi, ctx, 'forgot-password', () => auth.forgotPassword(request));
      },

      /** A code works within an hour of being sent, and only while it is the account's live one. */
      async resetPassword(ctx) {
        const code = ctx.request.body?.code;
        if (typeof code === 'string' && code) {
          const user = await strapi.db.query(USER).findOne({
            where: { resetPasswordToken: code },
            select: ['id', 'reset_password_issued_at'],
          });
          if (!user || !isResetCodeLive(user.reset_password_issued_at)) {
            if (user)
              await strapi.db.query(USER).update({ where: { id: user.id }, data: NO_RESET_CODE });
            throw new errors.ValidationError(RESET_CODE_GONE);
          }
        }
        return auth.resetPassword(ctx);
      },

      /**
       * The link in the confirmation e-mail: proves the address, then applies a pending
       * invitation. The app's confirm page asks for JSON and is told whose address it was and
       * whether it joined a subscription, so it greets only that teacher, and only as a member
       * when they became one. Anyone opening the CMS's route itself is sent to the app's greeting
       * for joining a school only when they joined one, otherwise to the confirm page's
       * "confirmed" words.
       */
      async emailConfirmation(ctx, next, returnUser) {
        const token = typeof ctx.query?.confirmation === 'string' ? ctx.query.confirmation : '';
        const user = token
          ? await strapi.db
              .query(USER)
              .findOne({ where: { confirmationToken: token }, select: ['id', 'email'] })
          : null;
        const result = await auth.emailConfirmation(ctx, next, returnUser);
        const joined = user ? await memberAccounts().acceptInvitations(user.id, user.email) : false;
        if (returnUser || !user) return result;
        if (ctx.accepts('html', 'json') === 'json') {
          ctx.remove('Location');
          ctx.status = 200;
          ctx.body = { confirmed: true, email: user.email, joined };
        } else if (!joined) {
          ctx.redirect(`${appAddress()}/account/confirm?confirmed=1`);
        }
        return result;
      },

      /**
       * The same answer for every address, known or not, confirmed or not (Strapi's own answers
       * 'Already confirmed' and 'User blocked' tell a stranger the account exists). A confirmed
       * teacher with a pending invitation gets a link too: that is how an existing account joins.
       */
      async sendEmailConfirmation(ctx) {
        const email = normaliseEmail(ctx.request.body?.email);
        requireAnAddress(email);
        // Answered first: the look-up and the e-mail come after, so the timing tells nothing either.
        ctx.send({ email, sent: true });
        if (!isEmailAddress(email)) return;
        afterAnswer(strapi, ctx, 'send-email-confirmation', async () => {
          const user = await strapi.db.query(USER).findOne({ where: { email } });
          if (
            user &&
            !user.blocked &&
            (!user.confirmed || (await memberAccounts().hasPendingInvitation(email)))
          ) {
            // The answer is the same either way; the log says which address the relay refused.
            await users()
              .sendConfirmationEmail(user)
              .catch((error) =>
                strapi.log.error(
                  `[send-email-confirmation] confirmation e-mail to ${email} failed: ${error.message}`,
                ),
              );
          }
        });
      },
    };
  };

  plugin.services.jwt = withPasswordChangeCheck(plugin.services.jwt);
  plugin.services.user = withCheckedUser(plugin.services.user);
  plugin.services.permission = withRolePermissionsMemory(plugin.services.permission);

  // GET /api/users/me always carries the user's role and profile: the role's permissions would
  // otherwise have to allow listing every role just to populate one's own.
  const userController = plugin.controllers.user;
  plugin.controllers.user = (context) => {
    const user = typeof userController === 'function' ? userController(context) : userController;
    const { strapi } = context;
    return {
      ...user,
      async me(ctx) {
        await user.me(ctx);
        const authUser = ctx.state.user;
        if (!authUser || !ctx.body || typeof ctx.body !== 'object') return;
        const role = authUser.role;
        const stored = await strapi.db
          .query('plugin::users-permissions.user')
          .findOne({ where: { id: authUser.id }, populate: ['user_profile'] });
        ctx.body = {
          ...ctx.body,
          role: role
            ? {
                id: role.id,
                documentId: role.documentId,
                name: role.name,
                description: role.description,
                type: role.type,
              }
            : null,
          user_profile: stored?.user_profile ?? null,
        };
      },
    };
  };

  return plugin;
};
