'use strict';

const { forgetOnWrites, memoryTtlMs } = require('./auth-memory');

const CORE_STORE = 'strapi::core-store';

/** The users-permissions plugin's "advanced" settings, as its authentication asks for them. */
const isSignInSettings = (params) =>
  params?.type === 'plugin' &&
  params.name === 'users-permissions' &&
  params.key === 'advanced' &&
  !params.environment &&
  !params.tag;

/**
 * The content API's authentication reads the plugin's advanced settings from the core store on
 * every signed-in request (strategies/users-permissions.js: whether an unconfirmed e-mail may
 * sign in), one query each time. This instance keeps them for a short while, as it keeps a role's
 * permissions (CMS_ROLE_PERMISSIONS_TTL_MS sets both): any write to the core store through this
 * instance (the admin panel's advanced settings page, the bootstrap) forgets them, before and
 * after the write, so a read under way meanwhile is not kept; a change made through another
 * instance sharing the database applies within that time. Each caller gets its own copy.
 * Call once, before the server takes requests.
 */
function keepSignInSettings(strapi) {
  const ttl = memoryTtlMs();
  if (!(ttl > 0)) return;
  const store = strapi.store;
  const { get, set, delete: remove } = store;
  /** @type {{ until: number, value: Promise<unknown> } | null} */
  let kept = null;
  let changes = 0;
  const forget = () => {
    changes += 1;
    kept = null;
  };
  forgetOnWrites(strapi, [CORE_STORE], forget);
  const forgetAround = (write) => async (params) => {
    forget();
    try {
      return await write(params);
    } finally {
      forget();
    }
  };
  store.set = forgetAround(set);
  store.delete = forgetAround(remove);
  store.get = (params) => {
    if (!isSignInSettings(params)) return get(params);
    if (!kept || kept.until <= Date.now()) {
      const changesBefore = changes;
      const value = Promise.resolve(get(params));
      value.then(
        () => {
          if (changes === changesBefore) kept = { until: Date.now() + ttl, value };
        },
        () => {},
      );
      return value.then((settings) => structuredClone(settings));
    }
    return kept.value.then((settings) => structuredClone(settings));
  };
}

module.exports = { keepSignInSettings };
