'use strict';

const { isSubscriber, SCHEME_SUBSCRIBER_FIELDS } = require('../utils/roles');

const SCHEME = 'api::scheme.scheme';
const READS = ['findMany', 'findFirst', 'findOne'];

/**
 * Security fix found by the security suite (issue 10, tests/cms/access.cms.test.ts): a unit's
 * contents are for active subscribers, and the scheme controller strips them from /api/schemes,
 * but a relation populated through another type went round it: a visitor's
 * GET /api/programmes?populate[units][populate]=* answered every unit's introduction, documents
 * and activities. This Document Service middleware strips the same fields from units populated
 * into any other type's content-API answer for everyone but active subscribers. (GraphQL was not
 * affected: its Scheme fields have their own subscriber check, see graphql/index.js.)
 */
function registerSchemeRelationGuard(strapi) {
  /** uid -> the attributes of that type that are relations to units (computed once). */
  let holders = null;
  const relationsToSchemes = () => {
    holders ??= Object.fromEntries(
      Object.entries(strapi.contentTypes)
        .filter(([uid]) => uid !== SCHEME)
        .map(([uid, type]) => [
          uid,
          Object.entries(type.attributes)
            .filter(([, attribute]) => attribute.type === 'relation' && attribute.target === SCHEME)
            .map(([name]) => name),
        ])
        .filter(([, names]) => names.length > 0),
    );
    return holders;
  };

  const strip = (unit) => {
    if (!unit || typeof unit !== 'object') return;
    for (const field of SCHEME_SUBSCRIBER_FIELDS) delete unit[field];
  };

  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (!READS.includes(context.action) || !result) return result;
    const names = relationsToSchemes()[context.uid];
    if (!names) return result;
    const ctx = strapi.requestContext.get();
    if (!ctx || ctx.state?.route?.info?.type !== 'content-api' || isSubscriber(ctx.state)) return result;
    for (const entry of Array.isArray(result) ? result : [result]) {
      for (const name of names) {
        const value = entry?.[name];
        if (Array.isArray(value)) value.forEach(strip);
        else strip(value);
      }
    }
    return result;
  });
}

module.exports = { registerSchemeRelationGuard };
