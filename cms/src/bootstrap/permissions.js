'use strict';

/**
 * Roles and permissions, applied on every boot (idempotent).
 *
 * - Public and Authenticated (trial users) read the open content.
 * - Schemes (units) are listed for everyone (title and blurb: the shell, breadcrumbs and the
 *   programme page's unit cards need them), but their details are returned only to active
 *   subscribers (see bootstrap/subscriber-fields.js).
 * - Lessons, activity slideshows and custom scheme plans are for active subscribers only.
 * - Signed-in users (trial and subscribers) manage playlists and custom schemes.
 */
const SUBSCRIBER_ROLE = {
  name: 'Active subscriber',
  type: 'active_subscriber',
  description: 'A member of a subscribing school: full content access.',
};

const OPEN_COLLECTIONS = [
  'audience',
  'landing-page',
  'programme',
  'scheme',
  'project',
  'live-programme',
  'live-production',
  'cpd-live-event',
  'cpd-session',
  'activity-library',
  'activity-section',
  'activity-page',
  'activity-option',
  'audio-page',
  'audio-library',
  'audio-page-container',
  'at-home-library',
  'custom-scheme-builder',
  'learning-strand',
];
const OPEN_SINGLES = [
  'learning-resources-home',
  'sign-up-page',
  'playlist-page',
  'privacy-policy',
  'terms-and-condition',
  'cpd',
  'live-home-page',
];
const SUBSCRIBER_COLLECTIONS = ['lesson', 'activity-slideshow', 'custom-scheme-plan'];
const USER_OWNED = ['playlist', 'custom-scheme'];

const read = (name) => [`api::${name}.${name}.find`, `api::${name}.${name}.findOne`];
const readSingle = (name) => [`api::${name}.${name}.find`];
const manage = (name) =>
  ['find', 'findOne', 'create', 'update', 'delete'].map(
    (action) => `api::${name}.${name}.${action}`,
  );
// Listing the media library is for the admin panel only: content carries the URLs of its own files,
// and GET /api/upload/files would list every subscriber-only file too.
const UPLOAD_READ = ['plugin::upload.content-api.find', 'plugin::upload.content-api.findOne'];
// The subscription's members (custom routes; the service checks who owns the subscription).
const MEMBER_ACCOUNT = ['find', 'invite', 'removeInvitation', 'removeMember'].map(
  (action) => `api::member-account.member-account.${action}`,
);

const openRead = [...OPEN_COLLECTIONS.flatMap(read), ...OPEN_SINGLES.flatMap(readSingle)];
const subscriberRead = SUBSCRIBER_COLLECTIONS.flatMap(read);
const userOwned = USER_OWNED.flatMap(manage);
// A device's playlist operations, applied by the CMS (api/playlist-sync).
const PLAYLIST_SYNC = ['api::playlist-sync.playlist-sync.sync'];

const ROLE_ACTIONS = {
  public: openRead,
  authenticated: [...openRead, ...userOwned, ...PLAYLIST_SYNC, ...MEMBER_ACCOUNT],
  active_subscriber: [
    ...openRead,
    ...userOwned,
    ...PLAYLIST_SYNC,
    ...subscriberRead,
    ...MEMBER_ACCOUNT,
  ],
};
// Never granted to these roles, even if someone ticks them in the admin panel: removed on boot.
const ROLE_FORBIDDEN = {
  public: [...subscriberRead, ...userOwned, ...PLAYLIST_SYNC, ...MEMBER_ACCOUNT, ...UPLOAD_READ],
  authenticated: [...subscriberRead, ...UPLOAD_READ],
  active_subscriber: UPLOAD_READ,
};

async function ensureSubscriberRole(strapi) {
  const roles = strapi.db.query('plugin::users-permissions.role');
  const existing = await roles.findOne({ where: { type: SUBSCRIBER_ROLE.type } });
  if (existing) return existing;
  return roles.create({ data: SUBSCRIBER_ROLE });
}

async function grant(strapi, role, actions) {
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  const current = await permissions.findMany({ where: { role: role.id }, select: ['action'] });
  const have = new Set(current.map((permission) => permission.action));
  for (const action of actions) {
    if (!have.has(action)) await permissions.create({ data: { action, role: role.id } });
  }
}

async function revoke(strapi, role, actions) {
  if (actions.length === 0) return;
  await strapi.db
    .query('plugin::users-permissions.permission')
    .deleteMany({ where: { role: role.id, action: { $in: actions } } });
}

async function setupPermissions(strapi, { appUrl }) {
  const roles = strapi.db.query('plugin::users-permissions.role');
  const subscriber = await ensureSubscriberRole(strapi);
  const authenticated = await roles.findOne({ where: { type: 'authenticated' } });
  const publicRole = await roles.findOne({ where: { type: 'public' } });

  // A subscriber is a signed-in user too: give it everything the Authenticated role starts with
  // (users/me, change password, ...) before the content permissions.
  const authenticatedActions = (
    await strapi.db
      .query('plugin::users-permissions.permission')
      .findMany({ where: { role: authenticated.id }, select: ['action'] })
  )
    .map((permission) => permission.action)
    .filter((action) => action.startsWith('plugin::users-permissions.'));

  await grant(strapi, publicRole, ROLE_ACTIONS.public);
  await revoke(strapi, publicRole, ROLE_FORBIDDEN.public);
  await grant(strapi, authenticated, ROLE_ACTIONS.authenticated);
  await revoke(strapi, authenticated, ROLE_FORBIDDEN.authenticated);
  await grant(strapi, subscriber, [...authenticatedActions, ...ROLE_ACTIONS.active_subscriber]);
  await revoke(strapi, subscriber, ROLE_FORBIDDEN.active_subscriber);

  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = (await store.get({ key: 'advanced' })) ?? {};
  await store.set({
    key: 'advanced',
    value: {
      ...advanced,
      unique_email: true,
      allow_register: true,
      email_confirmation: false,
      default_role: 'authenticated',
      email_reset_password: `${appUrl.replace(/\/$/, '')}/account/reset-password`,
    },
  });
  return { subscriber, authenticated, publicRole };
}

module.exports = { setupPermissions, SUBSCRIBER_ROLE, ROLE_ACTIONS };
