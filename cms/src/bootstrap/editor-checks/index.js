'use strict';

const { AsyncLocalStorage } = require('node:async_hooks');
const { errors } = require('@strapi/utils');
const { SAVED_CHECKS } = require('./slide-rules');
const { embedProblems } = require('./video-embeds');
const { filesPopulate, mentionsTracks, trackProblems } = require('./timed-text');
const { checksImages, imageAltProblems } = require('./image-alt');
const { lessonsUsing, activityInUseMessage } = require('./activity-in-use');

/**
 * Checks on what editors save (a field says what it wants and refuses what cannot work), as one
 * Document Service middleware, so the admin panel, REST and GraphQL all meet them. A refusal is a
 * ValidationError whose errors name the fields they concern: the admin panel shows each message
 * at its field, and nothing is written.
 *
 * The checks guard what teachers can see: a version that goes live (Publish, a write with status
 * 'published', any write of a type without drafts). A draft Save is kept as it is, as Strapi
 * keeps a draft without its required fields: the admin panel answers a refused Save of an
 * existing entry by rolling its form back to the stored version (its optimistic update is undone),
 * losing the editor's work, while a refused Publish leaves the form as the editor left it.
 *
 * Template rules need media and relations as stored (the admin panel sends relation changes as
 * connect/disconnect, not the whole list), so they read the draft before it is published, and a
 * live write runs in a transaction, reads the saved document back inside it and a refusal rolls
 * the write back.
 */
const ACTIVITY = 'api::activity-page.activity-page';
const unchecked = new AsyncLocalStorage();
const MAX_COMPONENT_DEPTH = 10;

/**
 * Runs `work` with the checks off: only for the e2e security fixtures, which seed unsafe
 * addresses on purpose to prove the app never runs them.
 */
function withoutEditorChecks(work) {
  return unchecked.run(true, work);
}

/** @param {{ message: string, fields?: (string | number)[][] }[]} problems */
function refuse(problems) {
  const messages = [...new Set(problems.map(({ message }) => message))];
  throw new errors.ValidationError(messages.join(' '), {
    errors: problems.flatMap(({ message, fields }) =>
      (fields?.length ? fields : [[]]).map((path) => ({ path, message, name: 'ValidationError' })),
    ),
  });
}

const hasDrafts = (strapi, uid) => strapi.getModel(uid)?.options?.draftAndPublish === true;

/** Every component field, nested ones too: where Embed texts live. */
function componentPopulate(strapi, attributes, depth = 0) {
  const populate = {};
  if (depth > MAX_COMPONENT_DEPTH) return populate;
  for (const [name, attribute] of Object.entries(attributes ?? {})) {
    if (attribute.type !== 'component') continue;
    const nested = componentPopulate(
      strapi,
      strapi.components[attribute.component]?.attributes,
      depth + 1,
    );
    populate[name] = Object.keys(nested).length > 0 ? { populate: nested } : true;
  }
  return populate;
}

/** What stands between a stored draft and publishing it. */
async function draftProblems(strapi, uid, params) {
  if (!params?.documentId) return [];
  const where = {
    documentId: params.documentId,
    status: 'draft',
    ...(typeof params.locale === 'string' && params.locale !== '*'
      ? { locale: params.locale }
      : {}),
  };
  const documents = strapi.documents(uid);
  const withComponents = await documents.findOne({
    ...where,
    populate: componentPopulate(strapi, strapi.getModel(uid)?.attributes),
  });
  if (!withComponents) return [];
  const problems = await embedProblems(withComponents);
  problems.push(...(await storedMediaProblems(strapi, uid, where)));
  const check = SAVED_CHECKS[uid];
  if (check) {
    const draft = await documents.findOne({ ...where, populate: check.populate });
    if (draft) problems.push(...check.problems(draft));
  }
  return problems;
}

/**
 * A stored document's media problems, read with its media: track files and described versions
 * (timed-text.js), and images without alternative text or a decorative box (image-alt.js).
 */
async function storedMediaProblems(strapi, uid, where) {
  const populate = filesPopulate(strapi, strapi.getModel(uid)?.attributes);
  if (Object.keys(populate).length === 0) return [];
  const stored = await strapi.documents(uid).findOne({ ...where, populate });
  return stored ? [...trackProblems(stored), ...imageAltProblems(strapi, uid, stored)] : [];
}

function registerEditorChecks(strapi) {
  strapi.documents.use(async (context, next) => {
    if (unchecked.getStore() || !context.uid.startsWith('api::')) return next();
    const { uid, action, params } = context;
    if (action === 'delete' && uid === ACTIVITY && params?.documentId) {
      const titles = await lessonsUsing(strapi, params.documentId);
      if (titles.length > 0) refuse([{ message: activityInUseMessage(titles) }]);
      return next();
    }
    if (action === 'publish') {
      const problems = await draftProblems(strapi, uid, params);
      if (problems.length > 0) refuse(problems);
      return next();
    }
    if (action !== 'create' && action !== 'update') return next();
    // Every write stores a Media Library film's address as its /uploads path, drafts included.
    const embeds = await embedProblems(params?.data);
    if (hasDrafts(strapi, uid) && params?.status !== 'published') return next();
    if (embeds.length > 0) refuse(embeds);
    const check = SAVED_CHECKS[uid];
    const media = mentionsTracks(params?.data) || checksImages(strapi, uid);
    if (!check && !media) return next();
    return strapi.db.transaction(async () => {
      const result = await next();
      if (result?.documentId) {
        const where = {
          documentId: result.documentId,
          ...(params?.status ? { status: params.status } : {}),
        };
        const problems = media ? await storedMediaProblems(strapi, uid, where) : [];
        const saved = check
          ? await strapi.documents(uid).findOne({ ...where, populate: check.populate })
          : null;
        if (saved) problems.push(...check.problems(saved));
        if (problems.length > 0) refuse(problems);
      }
      return result;
    });
  });
}

module.exports = { registerEditorChecks, withoutEditorChecks };
