'use strict';

// `npm start` in cms/: boots the CMS as `strapi start` does for a JavaScript project (the app's
// folder is its own build), without loading Strapi's command line first. The command line loads
// every command it offers (build, deploy, transfer, …) before it starts one.
const { join } = require('node:path');
const { createStrapi } = require('@strapi/strapi');

const appDir = join(__dirname, '..');
createStrapi({ appDir, distDir: appDir })
  .start()
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
