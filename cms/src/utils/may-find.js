'use strict';

/**
 * Whether a request's role (or API token) may find documents of a content type: its `<uid>.find`
 * permission, as REST's populate and the core `find` route judge it. GraphQL relations
 * (graphql/relation-find.js) and the search (search/route.js) ask it the same way.
 */

/** auth -> (uid -> may find): one request's decisions, collected with the request. */
const decisions = new WeakMap();

/** @param {any} strapi @param {any} auth the request's `ctx.state.auth` @param {string} uid */
async function mayFind(strapi, auth, uid) {
  if (!auth || typeof auth !== 'object') return false;
  let known = decisions.get(auth);
  if (!known) {
    known = new Map();
    decisions.set(auth, known);
  }
  if (!known.has(uid)) {
    let allowed = true;
    try {
      await strapi.auth.verify(auth, { scope: [`${uid}.find`] });
    } catch {
      allowed = false;
    }
    known.set(uid, allowed);
  }
  return known.get(uid);
}

module.exports = { mayFind };
