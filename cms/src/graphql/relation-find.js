'use strict';

const { keepInAnswer, previewOf, previewReads } = require('../preview/preview-access');
const { mayFind } = require('../utils/may-find');

/**
 * A relation read through GraphQL is judged by its target type's `find`, as REST's populate is
 * (Strapi's remove-restricted-relations): a role that may not list lessons reads no lesson
 * through `schemes { lessons }`, a component's `activity` or anything else.
 *
 * The GraphQL plugin checks `<target>.find` on a content type's relation fields only, and not
 * where a field configures `auth` itself (the unit's subscriber-only fields, which answer empty
 * to non-subscribers) nor on a component's relation fields (it registers their check under a type
 * name the schema does not have); where it checks, a refusal is Forbidden and takes the whole
 * parent away (a project and its title, for its activities). This middleware replaces that check
 * on every relation field to an api:: type (graphql/index.js), so the rule holds wherever the
 * field is.
 *
 * A refused relation answers empty, as REST leaves it out: an empty list, or null. A preview
 * request reads as a visitor plus its token's scope (preview/preview-access.js): where the
 * visitor may not find the target, it keeps the documents of the scope and nothing else.
 */

/** The empty answer of a field's type: '[Lesson]!' and the like answer [], anything else null. */
const emptyAnswer = (info) => (String(info.returnType).startsWith('[') ? [] : null);

/** The resolver middleware for relation fields to `targetUid`. */
function relationTargetFind(strapi, targetUid) {
  return async (resolve, parent, args, context, info) => {
    if (await mayFind(strapi, context.state?.auth, targetUid))
      return resolve(parent, args, context, info);
    if (!previewOf(context.state)) return emptyAnswer(info);
    const answer = await resolve(parent, args, context, info);
    return keepInAnswer(
      answer,
      (entry) => !entry || previewReads(context.state, targetUid, entry.documentId),
    );
  };
}

module.exports = { relationTargetFind, emptyAnswer };
