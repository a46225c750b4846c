'use strict';

/**
 * What the content API's authentication keeps in memory for a short while instead of reading on
 * every request (a role's permissions: role-permissions.js; the sign-in settings:
 * sign-in-settings.js) shares one rule: kept for CMS_ROLE_PERMISSIONS_TTL_MS (2 s by default;
 * 0: no memory), and forgotten before and after every write to what it was read from, so a read
 * under way while a write runs is not kept.
 */
const DEFAULT_TTL_MS = 2000;

/** How long an instance answers from memory (0: it does not). */
const memoryTtlMs = () => Number(process.env.CMS_ROLE_PERMISSIONS_TTL_MS ?? DEFAULT_TTL_MS);

const WRITES = ['Create', 'CreateMany', 'Update', 'UpdateMany', 'Delete', 'DeleteMany'];

/** Calls `forget` before and after every database write to `models`. */
function forgetOnWrites(strapi, models, forget) {
  strapi.db.lifecycles.subscribe({
    models,
    ...Object.fromEntries(
      WRITES.flatMap((action) => [
        [`before${action}`, forget],
        [`after${action}`, forget],
      ]),
    ),
  });
}

module.exports = { memoryTtlMs, forgetOnWrites };
