'use strict';

/**
 * The admin panel's Editor role (Strapi's built-in `strapi-editor`) writes the lessons, not the
 * teachers' own data: on every boot its permissions on playlists (and their sync records),
 * school subscriptions, teachers' custom units and the teachers' accounts are removed, so an
 * editor neither sees nor changes them. Everything editorial, and the Media Library, stay as
 * Strapi made them.
 */
const TEACHER_DATA = [
  'api::member-account.member-account',
  'api::custom-scheme.custom-scheme',
  'plugin::users-permissions.user',
];

const DEMO_EDITOR = {
  email: 'editor@demo.school',
  password: 'Editor12345',
  firstname: 'Demo',
  lastname: 'Editor',
};

/** Every content type that holds teachers' data: the list above and anything of the playlists. */
function teacherDataTypes(strapi) {
  return Object.keys(strapi.contentTypes).filter(
    (uid) =>
      TEACHER_DATA.includes(uid) ||
      uid.startsWith('api::playlist.') ||
      uid.startsWith('api::playlist-sync.'),
  );
}

async function editorRole(strapi) {
  return strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
}

async function limitEditorRole(strapi) {
  const role = await editorRole(strapi);
  if (!role) return;
  const subjects = teacherDataTypes(strapi);
  const granted = await strapi.db
    .query('admin::permission')
    .findMany({ where: { role: { id: role.id }, subject: { $in: subjects } }, select: ['id'] });
  if (granted.length === 0) return;
  await strapi.service('admin::permission').deleteByIds(granted.map((permission) => permission.id));
  strapi.log.info(
    `[editor-role] the Editor role no longer reaches teachers' data (${granted.length} permissions removed)`,
  );
}

/** The demo editor (documented in the README), created once, never overwritten. */
async function ensureDemoEditor(strapi) {
  if (await strapi.db.query('admin::user').findOne({ where: { email: DEMO_EDITOR.email } })) return;
  const role = await editorRole(strapi);
  if (!role) {
    strapi.log.warn('[seed] no Editor role yet: demo editor not created');
    return;
  }
  await strapi
    .service('admin::user')
    .create({ ...DEMO_EDITOR, registrationToken: null, isActive: true, roles: [role.id] });
  strapi.log.info(`[seed] admin user ${DEMO_EDITOR.email} (Editor) created`);
}

module.exports = { limitEditorRole, ensureDemoEditor, teacherDataTypes, DEMO_EDITOR };
