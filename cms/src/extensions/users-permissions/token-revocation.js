'use strict';

const { createSecretKey } = require('node:crypto');
const { createRequire } = require('node:module');

// The jsonwebtoken the plugin itself signs and verifies with.
const jwt = createRequire(require.resolve('@strapi/plugin-users-permissions/strapi-server'))(
  'jsonwebtoken',
);

const USER = 'plugin::users-permissions.user';

/** @type {WeakMap<object, { id: unknown, user: unknown }>} request → the account its token check read */
const checkedUsers = new WeakMap();

/** @type {{ secret: unknown, key: import('node:crypto').KeyObject | null }} */
const signingKey = { secret: null, key: null };
/**
 * The HMAC secret as a key object, made once for each secret: given the secret as a string,
 * jsonwebtoken 9 first tries to read it as a PEM public key on every verification, which throws
 * and costs some 60 times the check itself (0.4 ms against 6 µs).
 */
function keyOf(secret) {
  if (signingKey.secret !== secret) {
    signingKey.key = createSecretKey(Buffer.from(secret));
    signingKey.secret = secret;
  }
  return signingKey.key;
}

/**
 * The plugin's own check of a token it issued (services/jwt.js, verify) with the secret as a key
 * object; null where the settings are not an HMAC secret (refresh mode, a key pair): the plugin's
 * verify then decides.
 */
function verifySigned(strapi, token) {
  if (strapi.config.get('plugin::users-permissions.jwtManagement', 'legacy-support') === 'refresh')
    return null;
  const secret = strapi.config.get('plugin::users-permissions.jwtSecret');
  const algorithm = strapi.config.get('plugin::users-permissions.jwt', {})?.algorithm || 'HS256';
  if (typeof secret !== 'string' || !/^HS\d+$/.test(algorithm)) return null;
  try {
    return jwt.verify(token, keyOf(secret), { algorithms: [algorithm] }) ?? {};
  } catch {
    throw new Error('Invalid token.');
  }
}

/**
 * Changing or resetting a password ends every session that started before it: the user's
 * password_changed_at (set by bootstrap/account-security.js on every password write) is compared
 * with the token's issue time on each request. JWT `iat` has whole seconds only, so tokens carry
 * their issue time in milliseconds too (`iat_ms`); the token handed out with the change itself
 * is issued after the timestamp and stays valid.
 *
 * The check reads the account as the authentication then asks for it (with its role), and the
 * authentication takes that row (withCheckedUser) instead of reading it again. Access is judged
 * once the body has arrived, by the account as it is then: the write budget, which runs when the
 * headers arrive, only asks whose signed token it is (signedAccountId), so a request held open
 * across a password change, a block or a role change gets no earlier answer.
 */
function withPasswordChangeCheck(jwtServiceFactory) {
  return (context) => {
    const base = jwtServiceFactory(context);
    const { strapi } = context;
    return {
      ...base,
      /**
       * The account id a request's bearer token was signed for (signature and expiry only: no
       * database read, no revocation check), or null: for counting a request against its
       * account's budget, never for deciding access.
       */
      async signedAccountId(ctx) {
        const [scheme, token] = String(ctx?.request?.header?.authorization ?? '').split(/\s+/);
        if (!/^bearer$/i.test(scheme ?? '') || !token) return null;
        const payload = verifySigned(strapi, token) ?? (await base.verify.call(this, token));
        return payload?.id ?? null;
      },
      issue(payload, jwtOptions) {
        const claims = payload && typeof payload.toJSON === 'function' ? payload.toJSON() : payload;
        return base.issue.call(this, { ...claims, iat_ms: Date.now() }, jwtOptions);
      },
      async verify(token) {
        const payload = verifySigned(strapi, token) ?? (await base.verify.call(this, token));
        if (payload?.id === undefined) return payload;
        // The same read as the plugin's fetchAuthenticatedUser (services/user.js).
        const user = await strapi.db
          .query(USER)
          .findOne({ where: { id: payload.id }, populate: ['role'] });
        const changedAt = user?.password_changed_at
          ? new Date(user.password_changed_at).getTime()
          : 0;
        const issuedAt =
          typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        if (issuedAt < changedAt) throw new Error('Invalid token.');
        const ctx = strapi.requestContext?.get();
        if (ctx && user) checkedUsers.set(ctx, { id: payload.id, user });
        return payload;
      },
    };
  };
}

/**
 * The authentication's read of the signed-in account (fetchAuthenticatedUser) takes the row the
 * request's token check just read, once; any later read in the request goes to the database.
 */
function withCheckedUser(userServiceFactory) {
  return (context) => {
    const base =
      typeof userServiceFactory === 'function' ? userServiceFactory(context) : userServiceFactory;
    const { strapi } = context;
    return {
      ...base,
      fetchAuthenticatedUser(id) {
        const ctx = strapi.requestContext?.get();
        const checked = ctx ? checkedUsers.get(ctx) : undefined;
        if (checked && String(checked.id) === String(id)) {
          checkedUsers.delete(ctx);
          return Promise.resolve(checked.user);
        }
        return base.fetchAuthenticatedUser.call(this, id);
      },
    };
  };
}

module.exports = { withPasswordChangeCheck, withCheckedUser };
