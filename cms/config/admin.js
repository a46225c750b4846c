'use strict';

const { secret } = require('../src/utils/secrets');
const { previewUrl } = require('../src/preview/preview-url');

module.exports = ({ env }) => ({
  // CMS_ADMIN=false serves no admin panel, so tests and the e2e stack boot without an admin build.
  serveAdminPanel: env.bool('CMS_ADMIN', true),
  auth: {
    secret: secret('ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: secret('API_TOKEN_SALT'),
  },
  transfer: {
    token: { salt: secret('TRANSFER_TOKEN_SALT') },
  },
  secrets: {
    encryptionKey: secret('ENCRYPTION_KEY'),
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
  // The content manager's preview opens a draft lesson, activity or programme in the app (its
  // /preview route), with a signed link (src/preview/preview-token.js).
  preview: {
    enabled: true,
    config: {
      allowedOrigins: [new URL(env('APP_URL', 'http://127.0.0.1:4173')).origin],
      handler: (uid, params) => previewUrl(env('APP_URL', 'http://127.0.0.1:4173'), uid, params),
    },
  },
  // Sign-ins to the admin panel are budgeted in one place with the app's (src/middlewares/
  // write-budget.js: failures per account named and per address, successes under a cap), as the
  // users-permissions limit is; Strapi's own admin limit (5 per 5 minutes for an address and an
  // e-mail) would be a second, stricter rule that also blocks an editor who signs in again.
  rateLimit: { enabled: false },
  autoOpen: false,
  watchIgnoreFiles: ['**/.tmp/**', '**/public/uploads/**'],
});
