'use strict';

const { corsOrigins } = require('../src/utils/cors-origins');
const { refuseUnreadableBody } = require('../src/middlewares/unreadable-body');

module.exports = ({ env }) => [
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // The GraphQL sandbox (development only) loads its UI from a CDN.
          'script-src': ["'self'", "'unsafe-inline'", 'cdn.jsdelivr.net'],
          'img-src': [
            "'self'",
            'data:',
            'blob:',
            'cdn.jsdelivr.net',
            'apollo-server-landing-page.cdn.apollographql.com',
          ],
          'media-src': ["'self'", 'data:', 'blob:'],
        },
      },
    },
  },
  // Stored files and /documents answers: a script-free sandbox, whatever the CSP above allows.
  'global::served-files',
  // Only the app's origins, never any origin with credentials.
  { name: 'strapi::cors', config: { origin: corsOrigins(env) } },
  // Every write has a budget per address and per account (src/middlewares/write-budget.js); before
  // the body is parsed, so a refused request costs almost nothing. RATE_LIMITS=production applies
  // the real budgets outside production too (the tests that prove them).
  {
    name: 'global::write-budget',
    config: {
      budgets: env(
        'RATE_LIMITS',
        env('NODE_ENV', 'development') === 'production' ? 'production' : 'relaxed',
      ),
      // Failed sign-ins per address per 10 minutes, where a deployment sets its own figure.
      failedSignInsPerAddress: env('AUTH_RATE_LIMIT_MAX'),
    },
  },
  // No strapi::poweredBy: saying what the server runs on helps nobody, and `npm start`, what a
  // school runs, is development mode too.
  'strapi::query',
  { name: 'strapi::body', config: { onError: refuseUnreadableBody } },
  // The budgets that depend on the body: the account a sign-in names, an e-mail's recipient,
  // GraphQL mutation fields, a playlist write's size.
  'global::write-budget-body',
  // A GraphQL answer the app asks to have signed (a download) carries the CMS's signature
  // (src/download-signing): after the body is parsed, as the statement names the question, and
  // before the preview check takes the preview token off the request (a preview is never signed).
  'global::signed-answers',
  // A GraphQL request carrying an editor's preview token reads that preview's documents
  // (src/preview/preview-access.js); it needs the parsed body to refuse anything but queries.
  'global::preview-requests',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
