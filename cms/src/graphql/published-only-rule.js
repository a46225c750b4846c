'use strict';

const { GraphQLError, Kind } = require('graphql');

/**
 * Strapi 5 lets anyone who may read a content type ask for its drafts (`lessons(status: DRAFT)`,
 * strapi/strapi#25326), and nested relations follow the root's status. Teachers and visitors
 * must only ever see published content; an editor's preview goes through `draftPreview` and its
 * signed token instead. So a `status` argument is refused unless it is the literal PUBLISHED (a
 * variable could hold DRAFT).
 */
const DRAFTS_FORBIDDEN = 'Drafts are not readable through the API: preview them from the CMS.';

function publishedOnlyRule(context) {
  return {
    Argument(node) {
      if (node.name.value !== 'status') return;
      if (node.value.kind === Kind.ENUM && node.value.value === 'PUBLISHED') return;
      context.reportError(new GraphQLError(DRAFTS_FORBIDDEN, { nodes: [node] }));
    },
  };
}

module.exports = { publishedOnlyRule, DRAFTS_FORBIDDEN };
