'use strict';

const { secret } = require('../src/utils/secrets');
const { emailProvider } = require('../src/utils/email-settings');

const { GRAPHQL_LIMITS, queryCostRule } = require('../src/graphql/query-cost');
const { publishedOnlyRule } = require('../src/graphql/published-only-rule');

/**
 * Whether GraphQL answers carry developer detail (stack traces with the machine's file paths,
 * introspection, the Apollo sandbox): in development only, and never where CMS_DEVELOPER_ERRORS
 * is false. `npm start` (scripts/start.mjs) runs the CMS in development mode, so that a fresh
 * machine needs no secrets or TLS, but it is what a school runs: it sets the flag to false.
 */
/** A setting as given, or the fallback when unset or blank (compose passes unset ones as ''). */
const filled = (value, fallback) => (value && value.trim() ? value.trim() : fallback);

const developerErrors = (env) =>
  env.bool('CMS_DEVELOPER_ERRORS', env('NODE_ENV', 'development') === 'development');

module.exports = ({ env }) => ({
  graphql: {
    config: {
      endpoint: '/graphql',
      shadowCRUD: true,
      landingPage: developerErrors(env),
      defaultLimit: 100,
      maxLimit: 1000,
      depthLimit: 12,
      // Flat Strapi 5 answers (no data/attributes wrappers).
      v4CompatibilityMode: false,
      apolloServer: {
        // The schema and server-side stack traces are for developers, not for anyone on the web.
        introspection: developerErrors(env),
        includeStacktraceInErrorResponses: developerErrors(env),
        // Nor "Did you mean …?" in validation errors, which would name fields one guess at a time.
        hideSchemaDetailsFromClientErrors: !developerErrors(env),
        // Size limits (src/graphql/query-cost.js): the parser stops at maxTokens, and the rule
        // refuses too many fields or aliases before anything runs. The plugin appends these rules
        // to its own (the depth limit above).
        parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
        // No `status: DRAFT` for anyone (src/graphql/published-only-rule.js).
        validationRules: [queryCostRule, publishedOnlyRule],
        // strapi::cors (config/middlewares.js) answers for /graphql too; the plugin's own would
        // allow every origin.
        cors: false,
      },
    },
  },
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '30d') },
      // Sign-ins are budgeted in one place, src/middlewares/write-budget.js (failures per account
      // and per address, successes only against a generous cap), not per address here: a school's
      // staff share one address.
      ratelimit: { enabled: false },
      register: {
        // user_profile is set by the register override from user_profile_data, never directly.
        allowedFields: [],
      },
    },
  },
  email: {
    config: {
      // Without SMTP_HOST every e-mail (and so every password-reset link) goes to the CMS log;
      // with it, to the school's SMTP relay. A half SMTP configuration refuses to start
      // (src/utils/email-settings.js).
      ...emailProvider(process.env),
      settings: {
        defaultFrom: filled(env('EMAIL_FROM', ''), 'no-reply@music-classroom.local'),
        // A teacher answering any of its e-mails reaches the help address the app shows
        // (src/bootstrap/email-defaults.js fills it in where a template leaves it blank).
        defaultReplyTo: filled(env('EMAIL_REPLY_TO', ''), 'classroom@orchestra.example'),
      },
    },
  },
  upload: {
    config: {
      sizeLimit: env.int('UPLOAD_SIZE_LIMIT', 250 * 1024 * 1024),
      ...uploadProvider(env),
    },
  },
});

/**
 * Where media files live: the local disk (public/uploads, the default) or, with
 * UPLOAD_PROVIDER=aws-s3, an S3 bucket or any S3-compatible store (S3_ENDPOINT: MinIO, R2, ...),
 * so that several CMS instances share them (docs/deployment.md, "Media on object storage").
 * File URLs are MEDIA_CDN_URL + "/" + key. The app caches and downloads only same-origin
 * /uploads/... URLs, so the default MEDIA_CDN_URL is "/uploads": the web server (MEDIA_ORIGIN)
 * or the CDN in front of it then routes /uploads/* to the bucket.
 */
function uploadProvider(env) {
  if (env('UPLOAD_PROVIDER', 'local') !== 'aws-s3') return {};
  const accessKeyId = env('S3_ACCESS_KEY_ID');
  const secretAccessKey = env('S3_SECRET_ACCESS_KEY');
  return {
    provider: 'aws-s3',
    providerOptions: {
      baseUrl: env('MEDIA_CDN_URL', '/uploads'),
      rootPath: env('S3_ROOT_PATH', ''),
      s3Options: {
        // Without keys the AWS SDK's default chain applies (instance role, web identity, ...).
        ...(accessKeyId && secretAccessKey
          ? { credentials: { accessKeyId, secretAccessKey } }
          : {}),
        region: env('S3_REGION', 'us-east-1'),
        ...(env('S3_ENDPOINT') ? { endpoint: env('S3_ENDPOINT') } : {}),
        forcePathStyle: env.bool('S3_FORCE_PATH_STYLE', false),
        params: {
          Bucket: env('S3_BUCKET'),
          // Empty for buckets that refuse ACLs (Object Ownership "bucket owner enforced").
          ...(env('S3_ACL', 'public-read') ? { ACL: env('S3_ACL', 'public-read') } : {}),
          signedUrlExpires: env.int('S3_SIGNED_URL_EXPIRES', 15 * 60),
        },
      },
    },
    actionOptions: { upload: {}, uploadStream: {}, delete: {} },
  };
}
