'use strict';

module.exports = ({ env }) => ({
  graphql: {
    config: {
      endpoint: '/graphql',
      shadowCRUD: true,
      // The Apollo sandbox outside production only.
      landingPage: env('NODE_ENV', 'development') !== 'production',
      defaultLimit: 100,
      maxLimit: 1000,
      depthLimit: 12,
      // Flat Strapi 5 answers (no data/attributes wrappers).
      v4CompatibilityMode: false,
      apolloServer: { introspection: true },
    },
  },
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET', 'dev-jwt-secret-change-me'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '30d') },
      // Logins are throttled per IP and path; outside production the tests and the local stack sign
      // in far more than 10 times a minute from 127.0.0.1.
      ratelimit: {
        interval: 60000,
        max: env.int('AUTH_RATE_LIMIT_MAX', env('NODE_ENV', 'development') === 'production' ? 10 : 1000),
      },
      register: {
        // user_profile is set by the register override from user_profile_data, never directly.
        allowedFields: [],
      },
    },
  },
  email: {
    config: {
      // The default provider writes each e-mail (and so every password-reset link) to the CMS log.
      // Production sets EMAIL_PROVIDER to an installed provider, e.g. "nodemailer" after
      // `npm install @strapi/provider-email-nodemailer`, with its providerOptions.
      provider: env('EMAIL_PROVIDER', 'strapi-provider-email-log'),
      providerOptions: {},
      settings: {
        defaultFrom: env('EMAIL_FROM', 'no-reply@music-classroom.local'),
        defaultReplyTo: env('EMAIL_REPLY_TO', 'help@music-classroom.local'),
      },
    },
  },
  upload: {
    config: {
      sizeLimit: env.int('UPLOAD_SIZE_LIMIT', 250 * 1024 * 1024),
    },
  },
});
