'use strict';

const { contentTypes } = require('@strapi/utils');
const { isSubscriber, SUBSCRIBER_TYPES } = require('../utils/roles');
const { createSubscriberQueryRules } = require('../utils/subscriber-query-rules');

const FILE = 'plugin::upload.file';

/**
 * Whether a file belongs only to subscriber-only content (a unit's documents, a lesson's, ...).
 * A file that any open page also holds is public anyway: that page shows its URL to everyone.
 * Components are followed up to the entry that holds them.
 */
async function isSubscriberOnlyFile(strapi, rules, file) {
  const { joinTable } = strapi.db.metadata.get(FILE).attributes.related;
  const holders = await strapi.db
    .connection(joinTable.name)
    .where(joinTable.joinColumn.name, file.id)
    .select({
      id: joinTable.morphColumn.idColumn.name,
      uid: joinTable.morphColumn.typeColumn.name,
      field: 'field',
    });
  let restricted = false;
  for (const holder of holders) {
    const open = await isOpenHolder(strapi, rules, holder, 0);
    if (open === true) return false;
    if (open === false) restricted = true;
  }
  return restricted;
}

/** true: an open, published entry holds it; false: a subscriber-only one; null: no entry found, or only a draft. */
async function isOpenHolder(strapi, rules, { uid, id, field }, depth) {
  if (SUBSCRIBER_TYPES.includes(uid) || rules.isHidden(uid, field)) return false;
  const model = strapi.getModel(uid);
  if (!model) return false;
  if (model.modelType !== 'component') {
    if (!contentTypes.hasDraftAndPublish(model)) return true;
    // Strapi keeps a draft row beside the published one, each with its own files: an editor's
    // saved draft is on no page yet, so only a published row makes the file open.
    const row = await strapi.db.query(uid).findOne({ where: { id }, select: ['publishedAt'] });
    return row?.publishedAt ? true : null;
  }
  if (depth > 6) return null;
  let sawRestricted = false;
  for (const parent of [
    ...Object.values(strapi.contentTypes),
    ...Object.values(strapi.components),
  ]) {
    for (const [name, attribute] of Object.entries(parent.attributes)) {
      if (attribute.type !== 'component' || attribute.component !== uid) continue;
      const entries = await strapi.db
        .query(parent.uid)
        .findMany({ where: { [name]: { id } }, select: ['id'] });
      for (const entry of entries) {
        const open = await isOpenHolder(
          strapi,
          rules,
          { uid: parent.uid, id: entry.id, field: name },
          depth + 1,
        );
        if (open === true) return true;
        if (open === false) sawRestricted = true;
      }
    }
  }
  return sawRestricted ? false : null;
}

/** The signed-in user of a request with a bearer token, through the content API's own strategies. */
async function authenticate(strapi, ctx) {
  const route = ctx.state.route;
  ctx.state.route = { ...route, info: { ...route?.info, type: 'content-api' }, config: {} };
  let passed = false;
  try {
    await strapi.get('auth').authenticate(ctx, async () => {
      passed = true;
    });
  } catch {
    passed = false;
  } finally {
    ctx.state.route = route;
  }
  return passed ? (ctx.state.user ?? null) : null;
}

const problem = (ctx, status, name, message) => {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message } };
};

/**
 * GET /documents/:fileId (outside the /api prefix, as the spec's content host path; numeric id
 * or documentId). A public document redirects to its file, or with `Accept: application/json`
 * answers `{ url }`. A subscriber-only document needs an active subscriber's bearer token: 401
 * without one, 403 for anyone else. A plain link cannot carry the token, so the app asks for JSON
 * with it and then opens the URL (src/lib/content/open-document.ts).
 */
function documentsRoute(strapi) {
  const rules = createSubscriberQueryRules((uid) => strapi.getModel(uid));
  return {
    method: 'GET',
    path: '/documents/:fileId',
    config: { auth: false },
    handler: async (ctx) => {
      const { fileId } = ctx.params;
      const where = /^\d+$/.test(fileId) ? { id: Number(fileId) } : { documentId: fileId };
      const file = await strapi.db.query(FILE).findOne({ where });
      if (!file) return problem(ctx, 404, 'NotFoundError', `No document with id ${fileId}`);
      const restricted = await isSubscriberOnlyFile(strapi, rules, file);
      if (restricted) {
        ctx.set('Cache-Control', 'private, no-store');
        ctx.set('Vary', 'Authorization, Accept');
        const user = ctx.get('authorization') ? await authenticate(strapi, ctx) : null;
        if (!user)
          return problem(
            ctx,
            401,
            'UnauthorizedError',
            'You need to be logged in to access this content.',
          );
        if (!isSubscriber({ user }))
          return problem(
            ctx,
            403,
            'ForbiddenError',
            'You need an active subscription to access this content.',
          );
      } else {
        ctx.set('Cache-Control', 'public, max-age=300');
        ctx.set('Vary', 'Accept');
      }
      if (ctx.accepts('html', 'json') === 'json' && !ctx.accepts('html')) {
        ctx.body = { url: file.url };
        return;
      }
      ctx.redirect(file.url);
    },
  };
}

module.exports = { documentsRoute, authenticate };
