'use strict';

const { isSubscriber, SCHEME_SUBSCRIBER_FIELDS } = require('../utils/roles');
const { subscriberArgsResolversConfig } = require('../bootstrap/subscriber-fields');
const { richTextResolvers } = require('./rich-text-html');
const { emptyAnswer, relationTargetFind } = require('./relation-find');
const { previewAllows, previewReads, previewRelations } = require('../preview/preview-access');

const SCHEME = 'api::scheme.scheme';

const PROFILE_FIELDS = [
  'salutation',
  'first_name',
  'last_name',
  'phone_number',
  'school',
  'role',
  'address_1',
  'address_2',
  'postcode',
];
const USER_UID = 'plugin::users-permissions.user';

async function loadProfile(strapi, userId) {
  const user = await strapi.db
    .query(USER_UID)
    .findOne({ where: { id: userId }, populate: ['user_profile'] });
  return user?.user_profile ?? null;
}

/**
 * Returns an empty value of the field's type instead of resolving it, for non-subscribers (an
 * editor's preview reads the schemes it previews whole: src/preview/preview-access.js).
 */
function subscriberOnly(next, parent, args, context, info) {
  if (isSubscriber(context.state) || previewAllows(context.state, SCHEME, parent?.documentId))
    return next(parent, args, context, info);
  // A unit a preview names but does not show whole (a lesson's own unit) still lists the lessons
  // of the preview: its relation middleware leaves out every lesson outside the token's scope.
  if (info.fieldName === 'lessons' && previewReads(context.state, SCHEME, parent?.documentId))
    return next(parent, args, context, info);
  return emptyAnswer(info);
}

async function playlistOrderFromPlace(next, parent, args, context, info) {
  const items = await next(parent, args, context, info);
  if (!Array.isArray(items)) return items;
  return items.map((item, index) =>
    item && typeof item === 'object' ? { ...item, playlist_order: index } : item,
  );
}

/**
 * GraphQL additions to the shadow CRUD schema:
 * - `me { user_profile { ... } }` (spec part 1, UserRoleMembership),
 * - `updateUserProfile(...)` (spec part 1, UpdateUserProfile: always sets user_updated),
 * - scheme details resolved only for active subscribers.
 */
function registerGraphqlExtensions(strapi) {
  const extension = strapi.plugin('graphql').service('extension');
  // Subscriptions are managed through /api/member-account only.
  extension.shadowCRUD('api::member-account.member-account').disable();
  // Only the admin panel lists the media library: no uploadFiles / uploadFile queries. The type
  // stays, so media fields of content still resolve.
  extension.shadowCRUD('plugin::upload.file').disableQueries();
  // Rich text answers as HTML, so the app's first load carries no Markdown renderer.
  extension.use(richTextResolvers(strapi));

  extension.use(({ nexus }) => ({
    types: [
      nexus.extendType({
        type: 'UsersPermissionsMe',
        definition(t) {
          t.field('user_profile', {
            type: 'ComponentUserUserProfile',
            resolve: (parent) => loadProfile(strapi, parent.id),
          });
        },
      }),
      // Strapi 5 shows documentIds only; the spec encodes the at-home library's numeric id in
      // Music at Home links (hashids) and refers to audio pages by numeric id in shortcodes.
      ...['AtHomeLibrary', 'AudioPage'].map((type) =>
        nexus.extendType({
          type,
          definition(t) {
            t.nonNull.int('numeric_id', { resolve: (parent) => parent.id });
          },
        }),
      ),
      // Spec part 2: the programme page shows 'Your units of work' only when a custom scheme
      // plan exists for its audience and programme, and visitors and trial users must see it
      // (its link asks them to log in or subscribe). The plans are for subscribers only, so
      // everyone else learns only that one exists.
      nexus.extendType({
        type: 'Programme',
        definition(t) {
          t.nonNull.boolean('has_custom_scheme_plan', {
            args: { audienceSlug: nexus.nonNull(nexus.stringArg()) },
            resolve: async (parent, { audienceSlug }) =>
              (await strapi.db.query('api::custom-scheme-plan.custom-scheme-plan').count({
                // Plans have draft & publish, and db.query counts drafts too: published ones only.
                where: {
                  programme: { id: parent.id },
                  audience: { slug: audienceSlug },
                  publishedAt: { $notNull: true },
                },
              })) > 0,
          });
        },
      }),
      nexus.extendType({
        type: 'Mutation',
        definition(t) {
          t.field('updateUserProfile', {
            type: 'ComponentUserUserProfile',
            args: Object.fromEntries(PROFILE_FIELDS.map((field) => [field, nexus.stringArg()])),
            async resolve(_parent, args, context) {
              const user = context.state.user;
              const current = (await loadProfile(strapi, user.id)) ?? {};
              const profile = { ...current, user_updated: true };
              delete profile.id;
              for (const field of PROFILE_FIELDS)
                if (args[field] !== undefined) profile[field] = args[field];
              const missing = ['first_name', 'last_name'].filter(
                (field) => !String(profile[field] ?? '').trim(),
              );
              if (missing.length > 0) {
                const { ValidationError } = require('@strapi/utils').errors;
                throw new ValidationError('First name and last name are required', {
                  errors: missing.map((field) => ({
                    path: [field],
                    message: 'required',
                    name: 'ValidationError',
                  })),
                });
              }
              const stored = await strapi.db.query(USER_UID).findOne({ where: { id: user.id } });
              await strapi
                .documents(USER_UID)
                .update({ documentId: stored.documentId, data: { user_profile: profile } });
              return loadProfile(strapi, user.id);
            },
          });
        },
      }),
    ],
    resolversConfig: withRelationRules(strapi, {
      // Filters and sort on subscriber-only fields through any relation (bootstrap/subscriber-fields.js).
      ...subscriberArgsResolversConfig(strapi, (key) =>
        SCHEME_SUBSCRIBER_FIELDS.some((field) => key.startsWith(`Scheme.${field}`)),
      ),
      'Mutation.updateUserProfile': { auth: { scope: ['plugin::users-permissions.user.me'] } },
      // Reading users is not granted to anyone; a playlist's or unit's owner is always the
      // signed-in user (see bootstrap/ownership.js), so its own owner field may be read.
      'Playlist.owner': { auth: false },
      // An item's playlist_order is its place in the playlist as answered: the sync route moves an
      // item by its position in the dynamic zone alone (api/playlist-sync/lib/playlist-rows.js),
      // so the number stored when it was added may be stale.
      'Playlist.playlist_item': { middlewares: [playlistOrderFromPlace] },
      'CustomScheme.owner': { auth: false },
      // auth: false skips the relation's own "may read lessons" check, which would answer
      // Forbidden; subscriberOnly answers an empty value to everyone else instead, and the
      // target's find still judges the relation fields (withRelationRules).
      ...Object.fromEntries(
        [...SCHEME_SUBSCRIBER_FIELDS, 'lessons_connection'].map((field) => [
          `Scheme.${field}`,
          { auth: false, middlewares: [subscriberOnly] },
        ]),
      ),
    }),
  }));
}

/**
 * Every relation to a content type, of every content type and component, is read only by a role
 * that may find its target (graphql/relation-find.js), and answers a preview request in its
 * parent's version and within the preview's scope (src/preview/preview-access.js). Their
 * middlewares go first in the field's list, in that order: the plugin merges configurations of
 * one field by position, so they are added here, in the one configuration that names relation
 * fields.
 */
function withRelationRules(strapi, config) {
  const { naming } = strapi.plugin('graphql').service('utils');
  const models = [...Object.values(strapi.contentTypes), ...Object.values(strapi.components)];
  const result = { ...config };
  for (const model of models) {
    if (!model.uid.startsWith('api::') && model.modelType !== 'component') continue;
    const typeName =
      model.modelType === 'component' ? naming.getComponentName(model) : naming.getTypeName(model);
    for (const [name, attribute] of Object.entries(model.attributes)) {
      if (attribute.type !== 'relation' || !attribute.target?.startsWith('api::')) continue;
      for (const field of [name, `${name}_connection`]) {
        const key = `${typeName}.${field}`;
        const existing = result[key] ?? {};
        result[key] = {
          ...existing,
          // The plugin's own check of the target's find answers Forbidden, which takes the whole
          // parent away with it; relationTargetFind makes the same check and answers empty.
          auth: false,
          middlewares: [
            relationTargetFind(strapi, attribute.target),
            previewRelations(attribute.target),
            ...(existing.middlewares ?? []),
          ],
        };
      }
    }
  }
  return result;
}

module.exports = { registerGraphqlExtensions };
