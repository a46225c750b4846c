'use strict';

const { errors } = require('@strapi/utils');

const PROFILE_FIELDS = ['salutation', 'first_name', 'last_name', 'phone_number', 'school', 'role', 'address_1', 'address_2', 'postcode'];
const PASSWORD_HINT = 'Your password must be 6 or more characters and contain a mix of letters and numbers.';

/**
 * Registration as the app sends it (spec part 1, sections 5 and 7): email, username (= email),
 * password and user_profile_data, plus skip_trial, which is accepted and ignored (there is no
 * payment step). Field errors come back as Strapi validation details with paths such as
 * ['user_profile_data', 'first_name'], all at once.
 */
function validateRegistration(body) {
  const failures = [];
  const profile = {};
  const data = body.user_profile_data && typeof body.user_profile_data === 'object' ? body.user_profile_data : {};
  for (const field of PROFILE_FIELDS) {
    if (typeof data[field] === 'string') profile[field] = data[field].trim();
  }
  if (!profile.first_name) failures.push({ path: ['user_profile_data', 'first_name'], message: 'Please enter your first name' });
  if (!profile.last_name) failures.push({ path: ['user_profile_data', 'last_name'], message: 'Please enter your last name' });
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) failures.push({ path: ['email'], message: 'Please enter a valid email address' });
  const password = typeof body.password === 'string' ? body.password : '';
  if (password.length < 6 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) failures.push({ path: ['password'], message: PASSWORD_HINT });
  if (failures.length > 0) {
    throw new errors.ValidationError('Please check the highlighted fields', {
      errors: failures.map((failure) => ({ ...failure, name: 'ValidationError', value: undefined })),
    });
  }
  return { email, password, profile };
}

module.exports = (plugin) => {
  const authController = plugin.controllers.auth;

  plugin.controllers.auth = (context) => {
    const auth = typeof authController === 'function' ? authController(context) : authController;
    const { strapi } = context;
    return {
      ...auth,
      async register(ctx) {
        const body = ctx.request.body ?? {};
        const { email, password, profile } = validateRegistration(body);
        ctx.request.body = { email, password, username: typeof body.username === 'string' && body.username ? body.username : email };
        await auth.register(ctx);
        const created = ctx.body?.user;
        if (created?.documentId) {
          await strapi.documents('plugin::users-permissions.user').update({
            documentId: created.documentId,
            data: { user_profile: { ...profile, user_updated: true } },
          });
          ctx.body.user = { ...created, user_profile: { ...profile, user_updated: true } };
          // Someone invited to a school subscription joins it as they register.
          await strapi.service('api::member-account.member-account').acceptInvitations(created.id, created.email);
        }
      },
    };
  };

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
          role: role ? { id: role.id, documentId: role.documentId, name: role.name, description: role.description, type: role.type } : null,
          user_profile: stored?.user_profile ?? null,
        };
      },
    };
  };

  return plugin;
};
