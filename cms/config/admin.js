'use strict';

module.exports = ({ env }) => ({
  // CMS_ADMIN=false serves no admin panel, so tests and the e2e stack boot without an admin build.
  serveAdminPanel: env.bool('CMS_ADMIN', true),
  auth: {
    secret: env('ADMIN_JWT_SECRET', 'dev-admin-jwt-secret-change-me'),
  },
  apiToken: {
    salt: env('API_TOKEN_SALT', 'dev-api-token-salt-change-me'),
  },
  transfer: {
    token: { salt: env('TRANSFER_TOKEN_SALT', 'dev-transfer-token-salt-change-me') },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY', 'dev-encryption-key-change-me-0000'),
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
  autoOpen: false,
  watchIgnoreFiles: ['**/.tmp/**', '**/public/uploads/**'],
});
