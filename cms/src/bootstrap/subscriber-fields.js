'use strict';

const { isSubscriber } = require('../utils/roles');
const { createSubscriberQueryRules } = require('../utils/subscriber-query-rules');
const { previewAllows } = require('../preview/preview-access');

/**
 * The one guard for subscriber-only content at the data layer: "subscriber-only fields are empty
 * for anyone who is not an active subscriber" at every depth, for populate, filters and sort. A
 * Document Service middleware sees every content-API read: REST (the core controllers) and
 * GraphQL's root queries. For a visitor or a trial user it
 * - refuses a filter or sort that touches a hidden field anywhere (inside $and/$or/$not, through
 *   relation paths, inside a populated relation's own filters or sort) with one ValidationError
 *   that does not depend on the value asked for, so it is no yes/no oracle; the same for a
 *   full-text search (`_q`) on a type that holds a hidden field, since it reads every text field,
 * - removes hidden fields from populate at any depth ('*', lists, dotted paths, nested objects),
 * - and deletes hidden fields from the result at every depth, keyed on the type of each level.
 * GraphQL's nested relations do not go through the Document Service (the plugin loads them with
 * strapi.db.query().load()); their arguments are checked with the same rules by the resolver
 * middlewares of subscriberArgsResolversConfig, and Scheme's own fields resolve empty
 * (graphql/index.js).
 */
function registerSubscriberFieldGuard(strapi) {
  const rules = createSubscriberQueryRules((uid) => strapi.getModel(uid));

  // An editor's preview reads its own documents whole (src/preview/preview-access.js).
  const needsGuard = (context) => {
    const ctx = strapi.requestContext.get();
    return (
      !!ctx &&
      ctx.state?.route?.info?.type === 'content-api' &&
      !isSubscriber(ctx.state) &&
      !previewAllows(ctx.state, context.uid, context.params?.documentId)
    );
  };

  strapi.documents.use(async (context, next) => {
    if (!needsGuard(context)) return next();
    context.params = rules.pruneParams(context.uid, context.params ?? {});
    const result = await next();
    return rules.stripResult(context.uid, result);
  });
}

/**
 * GraphQL resolver middlewares that refuse, for non-subscribers, the filters and sort arguments
 * of every relation, media and component field whose target holds a hidden field somewhere
 * (e.g. `programmes { units(filters: { introduction: ... }) }`). `skip(key)` leaves out fields
 * that already have their own configuration.
 */
/** @param {any} strapi @param {(key: string) => boolean} [skip] */
function subscriberArgsResolversConfig(strapi, skip = () => false) {
  const rules = createSubscriberQueryRules((uid) => strapi.getModel(uid));
  const { naming } = strapi.plugin('graphql').service('utils');
  const config = {};
  const models = [...Object.values(strapi.contentTypes), ...Object.values(strapi.components)];
  for (const model of models) {
    if (!model.uid.startsWith('api::') && model.modelType !== 'component') continue;
    const typeName =
      model.modelType === 'component' ? naming.getComponentName(model) : naming.getTypeName(model);
    for (const [name, attribute] of Object.entries(model.attributes)) {
      const target = rules.targetOf(attribute);
      if (!target || rules.isHidden(model.uid, name)) continue;
      const guard = (resolve, parent, args, context, info) => {
        if (!isSubscriber(context.state)) rules.assertNoHiddenQuery(target, args ?? {});
        return resolve(parent, args, context, info);
      };
      for (const field of [name, `${name}_connection`]) {
        const key = `${typeName}.${field}`;
        if (!skip(key)) config[key] = { middlewares: [guard] };
      }
    }
  }
  return config;
}

module.exports = { registerSubscriberFieldGuard, subscriberArgsResolversConfig };
