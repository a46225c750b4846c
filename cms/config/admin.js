'use strict';

const { secret } = require('../src/utils/secrets');

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
  autoOpen: false,
  watchIgnoreFiles: ['**/.tmp/**', '**/public/uploads/**'],
});
