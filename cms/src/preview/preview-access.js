'use strict';

const { parse, Kind } = require('graphql');
const { readPreviewToken } = require('./preview-token');
const { PREVIEW_TYPES } = require('./preview-url');
const { SUBSCRIBER_TYPES } = require('../utils/roles');

/**
 * An editor's preview is the app's real pages, reading one draft through the ordinary GraphQL
 * queries. The signed token of the admin's preview link (preview-token.js) travels in this header;
 * a GraphQL request that carries a valid, unexpired one is a preview request:
 * - it may only read: a mutation (or a batch, or anything but a POST) is refused outright;
 * - it reads as a visitor (any Authorization header is dropped), except for the documents the
 *   token's page shows (its scope, below): those it reads in the token's version (draft or
 *   published) with their subscriber-only fields;
 * - every other document answers as it would to a visitor: published, subscriber-only fields
 *   empty, and lessons and slideshows not at all.
 * A tampered or expired token is no token: the request is an ordinary visitor's.
 * The rules are kept in one place each: the scope here, root reads in published-only.js (through
 * previewRead), nested relations in previewRelations (graphql/index.js), the subscriber guard's
 * exceptions through previewAllows.
 */
const PREVIEW_HEADER = 'x-preview-token';

/**
 * What each type's page shows, as attribute paths from the previewed document (components are
 * walked through). Everything named here reads in the token's version; a branch marked MASKED is
 * shown only by what a visitor may read of it (a lesson's breadcrumb names its unit and
 * programme; a programme lists its units by title), so its subscriber-only fields stay empty.
 * A lesson shows its activities and their slideshows whole (lesson mode, with the slideshows its
 * slides open); an activity its slideshow; a unit its lessons and activities (a unit's preview
 * opens its lessons); a programme itself. Nothing further: a lesson's token does not reach the
 * unit's other lessons. Every programme brings its audience, which its pages' addresses name.
 */
const MASKED = '$masked';
const SLIDES = { activity_slides: { sub_slides2: { activity_slideshow: {} } } };
const PROGRAMME = { [MASKED]: true, audience: {} };
const SCOPE = {
  lesson: {
    units: { [MASKED]: true, programme: PROGRAMME },
    activity: { activity: { activity_slideshow: SLIDES } },
    extensionactivities: { activities: { activity_slideshow: SLIDES } },
  },
  activity: {
    activity_slideshow: SLIDES,
    programme: PROGRAMME,
    related_activities: { [MASKED]: true },
  },
  unit: { programme: PROGRAMME, lessons: {}, scheme_activities: { activity: {} } },
  programme: { units: { [MASKED]: true }, audience: {} },
  slideshow: SLIDES,
};

const branches = (paths) => Object.entries(paths).filter(([name]) => name !== MASKED);

const populateOf = (paths) =>
  Object.fromEntries(
    branches(paths).map(([name, below]) => [
      name,
      branches(below).length ? { populate: populateOf(below) } : true,
    ]),
  );

/**
 * What the token's page may read: `allowed`, uid -> Set of documentIds read in the token's
 * version (the previewed version's relations), and `whole`, those of them read with their
 * subscriber-only fields.
 */
async function previewScope(strapi, { type, documentId, status }) {
  const uid = PREVIEW_TYPES[type];
  const paths = SCOPE[type];
  if (!uid || !paths) return null;
  const doc = await strapi.requestContext.run(undefined, () =>
    strapi.documents(uid).findOne({ documentId, status, populate: populateOf(paths) }),
  );
  if (!doc) return null;
  const allowed = {};
  const whole = {};
  const add = (target, entry, masked) => {
    if (!entry?.documentId) return;
    (allowed[target] ??= new Set()).add(entry.documentId);
    if (!masked) (whole[target] ??= new Set()).add(entry.documentId);
  };
  const walk = (modelUid, value, below, masked) => {
    const model = strapi.getModel(modelUid);
    for (const [name, deeper] of branches(below)) {
      const attribute = model?.attributes?.[name];
      if (!attribute) continue;
      const entries = [value?.[name]].flat().filter(Boolean);
      const target = attribute.type === 'component' ? attribute.component : attribute.target;
      const hidden = masked || deeper[MASKED] === true;
      for (const entry of entries) {
        if (attribute.type === 'relation') add(target, entry, hidden);
        walk(target, entry, deeper, hidden);
      }
    }
  };
  add(uid, doc, false);
  walk(uid, doc, paths, false);
  return { allowed, whole };
}

/** The preview a request carries (set by the middleware below), or null. */
const previewOf = (state) => state?.preview ?? null;

/** Whether a preview request reads `documentId` of `uid` in its version (draft or published). */
function previewReads(state, uid, documentId) {
  const preview = previewOf(state);
  return !!preview && !!documentId && !!preview.allowed[uid]?.has(documentId);
}

/** Whether a preview request reads `documentId` of `uid` whole: subscriber-only fields too. */
function previewAllows(state, uid, documentId) {
  const preview = previewOf(state);
  return !!preview && !!documentId && !!preview.whole[uid]?.has(documentId);
}

const READ_ONLY = 'A preview link only reads: open the CMS to change content.';

function refuse(ctx, message) {
  ctx.status = 403;
  ctx.body = { errors: [{ message, extensions: { code: 'FORBIDDEN' } }] };
}

/** Whether a GraphQL body holds nothing but queries (unparsable text is left to GraphQL). */
function onlyQueries(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  if (typeof body.query !== 'string') return false;
  let document;
  try {
    document = parse(body.query);
  } catch {
    return true;
  }
  return document.definitions.every(
    (definition) =>
      definition.kind !== Kind.OPERATION_DEFINITION || definition.operation === 'query',
  );
}

/** Koa middleware (after strapi::body): recognises preview requests to /graphql. */
function previewRequests(strapi, { endpoint = '/graphql' } = {}) {
  return async (ctx, next) => {
    const token = ctx.get(PREVIEW_HEADER);
    if (!token || ctx.path !== endpoint) return next();
    delete ctx.request.header[PREVIEW_HEADER];
    const claims = readPreviewToken(token);
    // What became of the token, for the app's preview page: 'draft' or 'published' when taken,
    // else 'invalid' or 'expired'. Nothing about any document.
    ctx.set('X-Preview', 'error' in claims ? claims.error : claims.status);
    // Tampered or expired: an ordinary request, as if the header were not there.
    if ('error' in claims) return next();
    if (ctx.method !== 'POST' || !onlyQueries(ctx.request.body)) return refuse(ctx, READ_ONLY);
    const scope = (await previewScope(strapi, claims)) ?? { allowed: {}, whole: {} };
    // A preview reads as a visitor plus its scope, never as whoever else the browser is.
    delete ctx.request.header.authorization;
    ctx.state.preview = { ...claims, ...scope };
    // The answer is this editor's only: no shared cache may keep it.
    ctx.set('Cache-Control', 'no-store');
    return next();
  };
}

/** Content types a preview request may ask for at all (each answer then scoped as above). */
const PREVIEW_READS = new Set(
  [...Object.values(PREVIEW_TYPES), 'api::scheme.scheme'].flatMap((uid) => [
    `${uid}.find`,
    `${uid}.findOne`,
  ]),
);

/**
 * After the content API's authentication: a preview request keeps the visitor's (public role's)
 * rights and may also read the previewable types, whose answers previewRead scopes.
 */
function registerPreviewAuth(strapi) {
  const auth = strapi.get('auth');
  const authenticate = auth.authenticate.bind(auth);
  auth.authenticate = (ctx, next) =>
    authenticate(ctx, () => {
      const visitor = ctx.state.auth;
      if (previewOf(ctx.state) && visitor?.strategy) {
        ctx.state.auth = {
          ...visitor,
          strategy: {
            name: 'preview',
            verify: async (_auth, config = {}) => {
              const scopes = [config.scope ?? []].flat();
              if (scopes.length > 0 && scopes.every((scope) => PREVIEW_READS.has(scope))) return;
              return visitor.strategy.verify?.(visitor, config);
            },
          },
        };
      }
      return next();
    });
}

const andFilters = (filters, extra) => (filters ? { $and: [filters, extra] } : extra);

/**
 * A content-API read of a draft & publish type during a preview request (published-only.js):
 * one document of the scope reads in the token's version; any other reads published, and a
 * lesson or slideshow outside the scope not at all. A list reads published, with the scope's
 * documents in the token's version in place of (or beside) their published ones.
 */
async function previewRead(strapi, context, next, preview) {
  const { uid } = context;
  const allowed = preview.allowed[uid] ?? new Set();
  const paidType = SUBSCRIBER_TYPES.includes(uid);
  const params = context.params ?? {};
  if (params.documentId !== undefined) {
    if (allowed.has(params.documentId)) {
      context.params = { ...params, status: preview.status };
      return next();
    }
    if (paidType) return null;
    context.params = { ...params, status: 'published' };
    return next();
  }
  const inScope = { documentId: { $in: [...allowed] } };
  context.params = {
    ...params,
    status: 'published',
    ...(paidType ? { filters: andFilters(params.filters, inScope) } : {}),
  };
  const published = await next();
  if (preview.status !== 'draft' || allowed.size === 0 || context.action === 'count')
    return published;
  const drafts = await strapi.requestContext.run(undefined, () =>
    strapi.documents(uid)[context.action]({
      ...params,
      status: 'draft',
      filters: andFilters(params.filters, inScope),
    }),
  );
  if (context.action === 'findFirst') return drafts ?? published;
  const list = [...(published ?? [])];
  for (const draft of drafts ?? []) {
    const at = list.findIndex((entry) => entry.documentId === draft.documentId);
    if (at >= 0) list[at] = draft;
    else list.push(draft);
  }
  return list;
}

/**
 * The version a component's relations read in: a component has no version of its own, so it is
 * its query's root document's (the token's version when that document is in the scope).
 */
function branchStatus(preview, context, info) {
  let path = info?.path;
  while (path?.prev) path = path.prev;
  const documentId = path ? context.rootQueryArgsByPath?.get(path.key)?.documentId : undefined;
  const inScope = Object.values(preview.allowed).some((ids) => ids.has(documentId));
  return documentId && inScope ? preview.status : 'published';
}

/**
 * GraphQL resolver middleware for every relation of a content type or component. In a preview
 * request a relation reads in its parent's version (a draft lists the drafts it links to, as
 * the Document Service does), and answers only what a visitor would get plus the scope: a
 * draft, lesson or slideshow outside the scope is left out.
 */
function previewRelations(targetUid) {
  const paidType = SUBSCRIBER_TYPES.includes(targetUid);
  return async (resolve, parent, args, context, info) => {
    const preview = previewOf(context.state);
    if (!preview) return resolve(parent, args, context, info);
    const status =
      parent && 'publishedAt' in parent
        ? parent.publishedAt === null
          ? 'draft'
          : 'published'
        : branchStatus(preview, context, info);
    const answer = await resolve(parent, { ...args, status }, context, info);
    const keep = (entry) =>
      !entry ||
      previewReads(context.state, targetUid, entry.documentId) ||
      (!paidType && entry.publishedAt !== null);
    return keepInAnswer(answer, keep);
  };
}

/**
 * A relation field's answer with only the documents `keep` accepts: a list field answers a
 * list, a _connection field { nodes }, a to-one field the document (or { value }).
 */
function keepInAnswer(answer, keep) {
  if (Array.isArray(answer)) return answer.filter(keep);
  if (answer && Array.isArray(answer.nodes)) return { ...answer, nodes: answer.nodes.filter(keep) };
  if (answer && 'value' in answer) return keep(answer.value) ? answer : { ...answer, value: null };
  return keep(answer) ? answer : null;
}

module.exports = {
  PREVIEW_HEADER,
  READ_ONLY,
  previewScope,
  previewRequests,
  registerPreviewAuth,
  previewRead,
  previewRelations,
  previewAllows,
  previewReads,
  previewOf,
  keepInAnswer,
};
