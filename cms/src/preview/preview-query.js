'use strict';

const { draftPreview } = require('./draft-preview');

/**
 * `draftPreview(token: String!): JSON`, the one GraphQL query that reads drafts, for the admin's
 * preview. Every other query gets published content only, and no role may ask for drafts: the
 * signed token from the admin's preview link is the authorisation, for one document. The app's
 * service worker never caches it and nothing stores it for offline.
 */
function registerPreviewQuery(strapi) {
  const extension = strapi.plugin('graphql').service('extension');
  extension.use(({ nexus }) => ({
    types: [
      nexus.extendType({
        type: 'Query',
        definition(t) {
          t.field('draftPreview', {
            type: 'JSON',
            args: { token: nexus.nonNull(nexus.stringArg()) },
            resolve: (_parent, { token }) => draftPreview(strapi, token),
          });
        },
      }),
    ],
    resolversConfig: {
      'Query.draftPreview': { auth: false },
    },
  }));
}

module.exports = { registerPreviewQuery };
