'use strict';

const { contentTypes } = require('@strapi/utils');
const { previewOf, previewRead } = require('../preview/preview-access');

const READS = new Set(['findMany', 'findFirst', 'findOne', 'count']);

/**
 * Teachers and visitors read published content only. The Document Service reads the draft unless
 * told otherwise, and the REST API passes `?status=draft` from anyone allowed to read a type
 * (strapi/strapi#25326). So every read of a type with draft & publish made while answering the
 * content API (REST and GraphQL) asks for the published version, whatever the request or a custom
 * reader said. The admin panel's requests are not content API requests. The one exception is an
 * editor's preview request, whose signed token lets it read its own documents in the token's
 * version and nothing else (src/preview/preview-access.js).
 */
function registerPublishedOnly(strapi) {
  strapi.documents.use(async (context, next) => {
    if (!READS.has(context.action)) return next();
    const ctx = strapi.requestContext.get();
    if (ctx?.state?.route?.info?.type !== 'content-api') return next();
    if (!contentTypes.hasDraftAndPublish(context.contentType)) return next();
    const preview = previewOf(ctx.state);
    if (preview) return previewRead(strapi, context, next, preview);
    context.params = { ...context.params, status: 'published' };
    return next();
  });
}

module.exports = { registerPublishedOnly };
