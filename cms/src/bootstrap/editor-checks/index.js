'use strict';

const { AsyncLocalStorage } = require('node:async_hooks');
const { errors } = require('@strapi/utils');
const { SAVED_CHECKS } = require('./slide-rules');
const { embedProblems } = require('./video-embeds');
const { lessonsUsing, activityInUseMessage } = require('./activity-in-use');

/**
 * Checks on what editors save (a field says what it wants and refuses what cannot work), as one
 * Document Service middleware, so the admin panel, REST and GraphQL all meet them. A refusal is a
 * ValidationError: the admin panel shows its message, and nothing is written.
 *
 * Template rules need media and relations as stored (the admin panel sends relation changes as
 * connect/disconnect, not the whole list), so those writes run in a transaction, the saved
 * document is read back inside it and a refusal rolls the write back.
 */
const ACTIVITY = 'api::activity-page.activity-page';
const unchecked = new AsyncLocalStorage();

/**
 * Runs `work` with the checks off: only for the e2e security fixtures, which seed unsafe
 * addresses on purpose to prove the app never runs them.
 */
function withoutEditorChecks(work) {
  return unchecked.run(true, work);
}

function refuse(problems) {
  throw new errors.ValidationError(problems.join(' '), {
    errors: problems.map((message) => ({ path: [], message, name: 'ValidationError' })),
  });
}

function registerEditorChecks(strapi) {
  strapi.documents.use(async (context, next) => {
    if (unchecked.getStore() || !context.uid.startsWith('api::')) return next();
    if (context.action === 'delete' && context.uid === ACTIVITY && context.params?.documentId) {
      const titles = await lessonsUsing(strapi, context.params.documentId);
      if (titles.length > 0) refuse([activityInUseMessage(titles)]);
      return next();
    }
    if (context.action !== 'create' && context.action !== 'update') return next();
    const embeds = await embedProblems(context.params?.data);
    if (embeds.length > 0) refuse(embeds);
    const check = SAVED_CHECKS[context.uid];
    if (!check) return next();
    return strapi.db.transaction(async () => {
      const result = await next();
      if (result?.documentId) {
        const saved = await strapi.documents(context.uid).findOne({
          documentId: result.documentId,
          ...(context.params?.status ? { status: context.params.status } : {}),
          populate: check.populate,
        });
        const problems = saved ? check.problems(saved) : [];
        if (problems.length > 0) refuse(problems);
      }
      return result;
    });
  });
}

module.exports = { registerEditorChecks, withoutEditorChecks };
