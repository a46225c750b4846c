'use strict';

const crypto = require('node:crypto');
const { secret } = require('../utils/secrets');

/**
 * Signed preview links. The admin panel asks the CMS for a preview URL (config/admin.js); the URL
 * carries a token naming one draft and when it stops working. Drafts are never readable by the
 * public or teacher roles, so the token, signed with a key derived from the admin's own JWT secret,
 * is what lets the app read that one draft, for a while.
 */
const LIFETIME_MS = 60 * 60 * 1000;

const key = () =>
  crypto
    .createHmac('sha256', secret('ADMIN_JWT_SECRET'))
    .update('music-classroom draft preview')
    .digest();
const sign = (body) => crypto.createHmac('sha256', key()).update(body).digest('base64url');

/**
 * A token for one version ('draft' unless 'published') of `documentId` of the previewable `type`
 * ('lesson', 'activity', 'programme').
 */
function signPreviewToken({ type, documentId, status = 'draft' }, now = Date.now()) {
  const claims = {
    type,
    documentId,
    status: status === 'published' ? 'published' : 'draft',
    expires: now + LIFETIME_MS,
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(body)}`;
}

/**
 * What a token names, or why it does not open anything ('invalid' or 'expired').
 * @param {unknown} token @param {number} [now]
 * @returns {{ error: 'invalid' | 'expired' } | { type: string, documentId: string, status: 'draft' | 'published' }}
 */
function readPreviewToken(token, now = Date.now()) {
  const [body, signature, extra] = typeof token === 'string' ? token.split('.') : [];
  if (!body || !signature || extra !== undefined) return { error: 'invalid' };
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    return { error: 'invalid' };
  let claims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { error: 'invalid' };
  }
  if (
    typeof claims?.type !== 'string' ||
    typeof claims?.documentId !== 'string' ||
    typeof claims?.expires !== 'number'
  ) {
    return { error: 'invalid' };
  }
  if (claims.expires <= now) return { error: 'expired' };
  return {
    type: claims.type,
    documentId: claims.documentId,
    status: claims.status === 'published' ? 'published' : 'draft',
  };
}

module.exports = { signPreviewToken, readPreviewToken, LIFETIME_MS };
