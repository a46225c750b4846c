'use strict';

/** Demo accounts (documented in the README); created once, never overwritten. */
const DEMO_PASSWORD = 'music1234';
const DEMO_USERS = [
  {
    email: 'subscriber@demo.school',
    role: 'active_subscriber',
    profile: {
      salutation: 'Ms',
      first_name: 'Ada',
      last_name: 'Lovelace',
      school: 'Hillside Primary',
      role: 'Music lead',
      phone_number: '01632 960001',
      address_1: '1 Hillside Road',
      address_2: 'Bristol',
      postcode: 'BS1 4DJ',
      user_updated: true,
    },
  },
  {
    email: 'subscriber2@demo.school',
    role: 'active_subscriber',
    profile: {
      salutation: 'Mr',
      first_name: 'Ben',
      last_name: 'Britten',
      school: 'Aldeburgh Academy',
      role: 'Head of music',
      phone_number: '01632 960002',
      address_1: '4 Crabbe Street',
      address_2: 'Aldeburgh',
      postcode: 'IP15 5BN',
      user_updated: true,
    },
  },
  {
    email: 'trial@demo.school',
    role: 'authenticated',
    profile: {
      salutation: 'Mx',
      first_name: 'Tam',
      last_name: 'Trial',
      school: 'Meadow Lane Primary',
      role: 'Class teacher',
      postcode: 'M1 1AE',
      user_updated: false,
    },
  },
];
const DEMO_ADMIN = {
  email: 'admin@demo.school',
  password: 'Admin12345',
  firstname: 'Demo',
  lastname: 'Admin',
};

async function ensureDemoUsers(strapi) {
  const users = {};
  for (const demo of DEMO_USERS) {
    const existing = await strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { email: demo.email } });
    if (existing) {
      users[demo.email] = existing;
      continue;
    }
    const role = await strapi.db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type: demo.role } });
    users[demo.email] = await strapi.documents('plugin::users-permissions.user').create({
      data: {
        username: demo.email,
        email: demo.email,
        password: DEMO_PASSWORD,
        provider: 'local',
        confirmed: true,
        blocked: false,
        role: role.id,
        user_profile: demo.profile,
      },
    });
  }
  return users;
}

async function ensureDemoAdmin(strapi) {
  const adminUsers = strapi.service('admin::user');
  if (await strapi.db.query('admin::user').findOne({ where: { email: DEMO_ADMIN.email } })) return;
  const superAdmin = await strapi.service('admin::role').getSuperAdmin();
  if (!superAdmin) {
    strapi.log.warn('[seed] no super admin role yet: demo admin not created');
    return;
  }
  await adminUsers.create({
    email: DEMO_ADMIN.email,
    firstname: DEMO_ADMIN.firstname,
    lastname: DEMO_ADMIN.lastname,
    password: DEMO_ADMIN.password,
    registrationToken: null,
    isActive: true,
    roles: [superAdmin.id],
  });
  strapi.log.info(`[seed] admin user ${DEMO_ADMIN.email} created`);
}

module.exports = { ensureDemoUsers, ensureDemoAdmin, DEMO_USERS, DEMO_PASSWORD, DEMO_ADMIN };
