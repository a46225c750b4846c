'use strict';

const PERMISSION = 'plugin::users-permissions.permission';
const ROLE = 'plugin::users-permissions.role';
/**
 * How long an instance answers a role's permissions from memory. A change made through this
 * instance (the admin panel's roles page, the bootstrap) applies to the next request; one made
 * through another instance sharing the database applies within this time.
 */
const DEFAULT_TTL_MS = 2000;

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
    const ttl = Number(process.env.CMS_ROLE_PERMISSIONS_TTL_MS ?? DEFAULT_TTL_MS);
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
      strapi.db.lifecycles.subscribe({
        models: [PERMISSION, ROLE],
        // Before and after: a read under way while a write runs is not kept (one made between the
        // write and its commit may be, for at most the time above).
        ...Object.fromEntries(
          ['Create', 'CreateMany', 'Update', 'UpdateMany', 'Delete', 'DeleteMany'].flatMap(
            (action) => [
              [`before${action}`, forget],
              [`after${action}`, forget],
            ],
          ),
        ),
      });
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
