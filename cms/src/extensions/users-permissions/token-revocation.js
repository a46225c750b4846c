'use strict';

const USER = 'plugin::users-permissions.user';

/**
 * Changing or resetting a password ends every session that started before it: the user's
 * password_changed_at (set by bootstrap/account-security.js on every password write) is compared
 * with the token's issue time on each request. JWT `iat` has whole seconds only, so tokens carry
 * their issue time in milliseconds too (`iat_ms`); the token handed out with the change itself
 * is issued after the timestamp and stays valid.
 */
function withPasswordChangeCheck(jwtServiceFactory) {
  return (context) => {
    const base = jwtServiceFactory(context);
    const { strapi } = context;
    return {
      ...base,
      issue(payload, jwtOptions) {
        const claims = payload && typeof payload.toJSON === 'function' ? payload.toJSON() : payload;
        return base.issue.call(this, { ...claims, iat_ms: Date.now() }, jwtOptions);
      },
      async verify(token) {
        const payload = await base.verify.call(this, token);
        if (payload?.id === undefined) return payload;
        const user = await strapi.db
          .query(USER)
          .findOne({ where: { id: payload.id }, select: ['password_changed_at'] });
        const changedAt = user?.password_changed_at
          ? new Date(user.password_changed_at).getTime()
          : 0;
        const issuedAt =
          typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        if (issuedAt < changedAt) throw new Error('Invalid token.');
        return payload;
      },
    };
  };
}

module.exports = { withPasswordChangeCheck };
