'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * The CMS's signing secrets. The repository once shipped fixed defaults, so anyone could sign
 * a token for any install that kept them. Now:
 * - production (NODE_ENV=production) refuses to start unless every one is set;
 * - elsewhere a missing one comes from a per-install file of random values (scripts/cms-process.mjs
 *   passes its data folder's secrets as environment; a CMS started by hand uses
 *   CMS_SECRETS_FILE or cms/.tmp/secrets.json).
 */
const SECRET_NAMES = [
  'APP_KEYS',
  'JWT_SECRET',
  'ADMIN_JWT_SECRET',
  'API_TOKEN_SALT',
  'TRANSFER_TOKEN_SALT',
  'ENCRYPTION_KEY',
];
// The fixed values this repository used to publish: never accepted, even if set on purpose.
const PUBLISHED = /change-me/i;

const usable = (value) =>
  typeof value === 'string' && value.trim() !== '' && !PUBLISHED.test(value);

/** Fresh random values for every secret (APP_KEYS: four comma-separated keys). */
function generateSecrets() {
  const random = () => crypto.randomBytes(32).toString('base64');
  const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, random()]));
  secrets.APP_KEYS = [random(), random(), random(), random()].join(',');
  return secrets;
}

/** The secrets kept in `file`, created with fresh random values on first use. */
function secretsFile(file) {
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (SECRET_NAMES.every((name) => usable(stored[name]))) return stored;
  }
  const secrets = generateSecrets();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

function missingSecrets(environment = process.env) {
  return SECRET_NAMES.filter((name) => !usable(environment[name]));
}

// Building the admin panel (deploy/Dockerfile.cms runs it with NODE_ENV=production) loads this
// configuration too, but signs nothing: it gets throwaway values instead of a refusal.
const isAdminBuild = () =>
  process.argv.slice(1).some((arg) => arg === 'build' || arg.endsWith('build-admin.js'));

/** The value of one secret (see the top of this file). */
function secret(name) {
  if (usable(process.env[name])) return process.env[name];
  if (process.env.NODE_ENV === 'production') {
    if (isAdminBuild()) return generateSecrets()[name];
    throw new Error(
      `The CMS will not start in production without its secrets. Set ${missingSecrets().join(', ')} ` +
        '(each a long random value, e.g. `openssl rand -base64 32`; APP_KEYS is a comma-separated list). See docs/deployment.md.',
    );
  }
  const file =
    process.env.CMS_SECRETS_FILE || path.join(__dirname, '..', '..', '.tmp', 'secrets.json');
  return secretsFile(file)[name];
}

module.exports = { SECRET_NAMES, secret, secretsFile, generateSecrets, missingSecrets };
