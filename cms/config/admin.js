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
  autoOpen: false,
  watchIgnoreFiles: ['**/.tmp/**', '**/public/uploads/**'],
});
