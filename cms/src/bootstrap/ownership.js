'use strict';

const { errors } = require('@strapi/utils');

/**
 * Playlists and custom schemes belong to the user who made them (spec part 1, section 6; part 2,
 * section 6). For requests through the content API (REST and GraphQL), a Document Service
 * middleware:
 * - scopes every read to the signed-in user's own documents (no owner filter needed, and none
 *   can widen it),
 * - answers update and delete of someone else's document as not found,
 * - sets the owner on create to the signed-in user, whatever the request said,
 * - makes create idempotent on playlists' client_id: a replayed create returns the playlist the
 *   first attempt made (the offline outbox's replay rule), instead of a duplicate or an error.
 * The admin panel, the seed and other server code are not affected.
 */
const OWNED = ['api::playlist.playlist', 'api::custom-scheme.custom-scheme'];
const READS = ['findMany', 'findFirst', 'count'];
const BY_DOCUMENT_ID = ['findOne', 'update', 'delete', 'publish', 'unpublish', 'discardDraft'];

function contentApiUser(strapi) {
  const ctx = strapi.requestContext.get();
  if (!ctx || ctx.state?.route?.info?.type !== 'content-api') return { applies: false };
  return { applies: true, user: ctx.state.user ?? null };
}

const ownedBy = (user) => ({ owner: { id: user.id } });

function registerOwnership(strapi) {
  strapi.documents.use(async (context, next) => {
    if (!OWNED.includes(context.uid)) return next();
    const { applies, user } = contentApiUser(strapi);
    if (!applies) return next();
    if (!user) throw new errors.ForbiddenError('Sign in to use playlists and custom units');

    const params = context.params ?? (context.params = {});
    // A client_id that is not text would reach the create's lookup below as a filter.
    const clientIdSent = params.data?.client_id;
    if (clientIdSent !== undefined && clientIdSent !== null && typeof clientIdSent !== 'string') {
      throw new errors.ValidationError('client_id must be text', {
        errors: [{ path: ['client_id'], message: 'must be text' }],
      });
    }
    if (READS.includes(context.action)) {
      params.filters = params.filters ? { $and: [params.filters, ownedBy(user)] } : ownedBy(user);
      return next();
    }
    if (BY_DOCUMENT_ID.includes(context.action)) {
      const mine = await strapi.db
        .query(context.uid)
        .findOne({ where: { documentId: params.documentId, ...ownedBy(user) }, select: ['id'] });
      if (!mine) {
        if (context.action === 'findOne') return null;
        throw new errors.NotFoundError('Not found');
      }
      if (context.action === 'update' && params.data)
        params.data = { ...params.data, owner: user.id };
      return next();
    }
    if (context.action === 'create') {
      params.data = { ...(params.data ?? {}), owner: user.id };
      const clientId = params.data.client_id;
      if (context.uid === 'api::playlist.playlist' && clientId) {
        const existing = await strapi.db
          .query(context.uid)
          .findOne({ where: { client_id: clientId }, populate: { owner: { select: ['id'] } } });
        if (existing) {
          if (existing.owner?.id !== user.id)
            throw new errors.ValidationError('client_id is already in use', {
              errors: [{ path: ['client_id'], message: 'already in use' }],
            });
          return strapi.documents(context.uid).findOne({
            documentId: existing.documentId,
            fields: params.fields,
            populate: params.populate,
          });
        }
      }
      return next();
    }
    return next();
  });
}

module.exports = { registerOwnership };
