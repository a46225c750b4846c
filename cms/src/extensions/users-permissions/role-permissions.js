'use strict';

const { forgetOnWrites, memoryTtlMs } = require('./auth-memory');

const PERMISSION = 'plugin::users-permissions.permission';
const ROLE = 'plugin::users-permissions.role';

/**
 * The content API's authentication reads the signed-in user's role permissions on every request
 * (services/permission.js findRolePermissions: every permission row of the role, some 65 for a
 * teacher, the heaviest statement of a sync request). Each role's list is kept for a short while;
 * any write to a role or a permission forgets every list, and a read that was under way when one
 * happened is not kept. CMS_ROLE_PERMISSIONS_TTL_MS sets the time (0: no memory).
 */
function withRolePermissionsMemory(permissionServiceFactory) {
  return (context) => {
    const base =
      typeof permissionServiceFactory === 'function'
        ? permissionServiceFactory(context)
        : permissionServiceFactory;
    const { strapi } = context;
    const ttl = memoryTtlMs();
    /** @type {Map<string, { until: number, permissions: Promise<unknown> }>} */
    const kept = new Map();
    let changes = 0;
    let watching = false;
    const forget = () => {
      changes += 1;
      kept.clear();
    };
    const watch = () => {
      if (watching) return;
      watching = true;
      // A read under way while a write runs is not kept (one made between the write and its
      // commit may be, for at most the memory's time).
      forgetOnWrites(strapi, [PERMISSION, ROLE], forget);
    };
    return {
      ...base,
      findRolePermissions(roleID) {
        if (!(ttl > 0)) return base.findRolePermissions(roleID);
        watch();
        const key = String(roleID);
        const known = kept.get(key);
        if (known && known.until > Date.now()) return known.permissions;
        const changesBefore = changes;
        const permissions = Promise.resolve(base.findRolePermissions(roleID));
        permissions.then(
          () => {
            if (changes === changesBefore) kept.set(key, { until: Date.now() + ttl, permissions });
          },
          () => {},
        );
        return permissions;
      },
    };
  };
}

module.exports = { withRolePermissionsMemory };
