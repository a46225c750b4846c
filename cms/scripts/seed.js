'use strict';

/**
 * `npm run seed`: loads Strapi without serving HTTP, which runs the bootstrap: roles and
 * permissions, the demo admin and accounts, and the demo content if the database has none yet
 * (idempotent: an already seeded database is left as it is). Same environment variables as the
 * server (DATABASE_FILENAME, CMS_PUBLIC_DIR, ...). To start again from the seed, delete the
 * database file and the uploads folder.
 */
const path = require('node:path');
const { createStrapi } = require('@strapi/strapi');

async function main() {
  const appDir = path.join(__dirname, '..');
  const app = await createStrapi({ appDir, distDir: appDir }).load();
  app.log.info('[seed] bootstrap finished');
  await app.destroy();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
