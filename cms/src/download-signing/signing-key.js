'use strict';

const { createHash, createPrivateKey, createPublicKey, hkdfSync } = require('node:crypto');

// PKCS #8 for an Ed25519 private key, before its 32-byte seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const PURPOSE = 'music-classroom download signing v1';

/** @typedef {{ privateKey: import('node:crypto').KeyObject, publicJwk: object, kid: string }} SigningKey */
/** @type {Map<string, SigningKey>} the key of each JWT secret seen */
const derived = new Map();

/**
 * The key this CMS signs download answers with: an Ed25519 key derived (HKDF-SHA-256) from the
 * users-permissions JWT secret, which every instance of one CMS already shares and keeps secret.
 * Nothing is stored and instances agree without talking; rotating the JWT secret rotates this key
 * too (files saved before it are then refused as coming from another CMS). `kid` names the key:
 * the first 16 bytes of the SHA-256 of its public key, in hex.
 */
function downloadSigningKey(strapi) {
  const secret = strapi.config.get('plugin::users-permissions.jwtSecret');
  if (typeof secret !== 'string' || secret === '')
    throw new Error('No JWT secret to derive the download signing key from');
  const known = derived.get(secret);
  if (known) return known;
  const seed = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), PURPOSE, 32));
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicJwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const kid = createHash('sha256')
    .update(Buffer.from(/** @type {string} */ (publicJwk.x), 'base64url'))
    .digest('hex')
    .slice(0, 32);
  const key = { privateKey, publicJwk: { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' }, kid };
  derived.set(secret, key);
  return key;
}

module.exports = { downloadSigningKey };
