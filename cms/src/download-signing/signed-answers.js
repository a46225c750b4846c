'use strict';

const { createHash, sign } = require('node:crypto');
const { downloadSigningKey } = require('./signing-key');

/** The app asks for a signed answer with this header (a download, to be saved as a file later). */
const SIGN_HEADER = 'x-sign-answer';
const STATEMENT_HEADER = 'x-answer-statement';
const SIGNATURE_HEADER = 'x-answer-signature';
/** An editor's preview (src/preview): drafts are never signed. */
const PREVIEW_HEADER = 'x-preview-token';
/** A statement larger than this (huge variables) is not made: headers are no place for it. */
const MAX_STATEMENT_BYTES = 4096;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * Signs a GraphQL answer the app asks to have signed (`x-sign-answer: 1`): the statement says
 * which question it answers (operation, the document's hash, the variables), the SHA-256 of the
 * answer's bytes as sent, the role it was answered for (subscriber-only content stays a
 * subscriber's when it travels as a file) and when. Headers `x-answer-statement` (the statement,
 * base64url JSON) and `x-answer-signature` (Ed25519 over the statement's bytes, base64url); the
 * public key is at GET /api/download-signing-key. Preview requests and failed answers are not
 * signed; the answer itself is unchanged.
 */
function signedAnswers(strapi) {
  return async (ctx, next) => {
    const asked =
      ctx.method === 'POST' &&
      ctx.path === '/graphql' &&
      ctx.get(SIGN_HEADER) === '1' &&
      !ctx.get(PREVIEW_HEADER);
    await next();
    if (!asked || ctx.status !== 200 || ctx.body === undefined || ctx.body === null) return;
    const request = ctx.request.body ?? {};
    if (typeof request.query !== 'string') return;
    // What is hashed is what is sent: an object body is sent as this JSON.
    const text = typeof ctx.body === 'string' ? ctx.body : null;
    const bytes = Buffer.isBuffer(ctx.body)
      ? ctx.body
      : Buffer.from(text ?? JSON.stringify(ctx.body));
    if (text === null && !Buffer.isBuffer(ctx.body)) {
      ctx.body = bytes.toString('utf8');
      ctx.type = 'application/json';
    }
    const { privateKey, kid } = downloadSigningKey(strapi);
    const statement = Buffer.from(
      JSON.stringify({
        v: 1,
        kid,
        operationName: typeof request.operationName === 'string' ? request.operationName : null,
        document: sha256(request.query),
        variables: request.variables ?? {},
        answer: sha256(bytes),
        for: ctx.state.user?.role?.type ?? 'public',
        at: new Date().toISOString(),
      }),
    );
    if (statement.length > MAX_STATEMENT_BYTES) return;
    ctx.set(STATEMENT_HEADER, statement.toString('base64url'));
    ctx.set(SIGNATURE_HEADER, sign(null, statement, privateKey).toString('base64url'));
  };
}

/** GET /api/download-signing-key: the public key the app checks signed answers with (a JWK). */
function downloadSigningKeyRoute(strapi) {
  return {
    method: 'GET',
    path: '/api/download-signing-key',
    handler: (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = downloadSigningKey(strapi).publicJwk;
    },
    config: { auth: false },
  };
}

module.exports = { signedAnswers, downloadSigningKeyRoute, SIGN_HEADER };
