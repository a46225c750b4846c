'use strict';

/**
 * The content API's authentication builds a request's ability (what its role may do) from the
 * role's permissions on every request: for a teacher, some 65 permissions through the permission
 * engine's hooks, about 2 ms of CPU, the same work for every request of the same role. The
 * permissions themselves are still read for every request (role-permissions.js decides how
 * fresh they are), and an ability is remembered only for exactly the permissions it was built
 * from and the actions registered at the time: a changed role gets a new ability on its next
 * request. A content-API permission names an action only (no conditions, no user), so the same
 * list always builds the same ability; a call with options is built afresh.
 */
const MAX_KEPT = 64;

function rememberAbilities(strapi) {
  const { engine, providers } = strapi.contentAPI.permissions;
  const build = engine.generateAbility.bind(engine);
  /** @type {Map<string, Promise<unknown>>} */
  const kept = new Map();
  engine.generateAbility = (permissions, options) => {
    if (options && Object.keys(options).length > 0) return build(permissions, options);
    const key = `${providers.action.size()}:${JSON.stringify(permissions)}`;
    const known = kept.get(key);
    if (known) return known;
    const ability = build(permissions);
    kept.set(key, ability);
    ability.catch(() => kept.delete(key));
    // Roles are few; a flood of distinct lists (an editor trying many) must not grow memory.
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value);
    return ability;
  };
}

module.exports = { rememberAbilities };
