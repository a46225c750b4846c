'use strict';

const { createHash, sign } = require('node:crypto');
const { createReadStream } = require('node:fs');
const { stat } = require('node:fs/promises');
const { join, relative, resolve, sep } = require('node:path');
const { parse } = require('graphql');
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

/** The signature headers for `statement` (an object), unless it is too large for a header. */
function signatureHeaders(strapi, statement) {
  const { privateKey, kid } = downloadSigningKey(strapi);
  const bytes = Buffer.from(
    JSON.stringify({ v: 1, kid, ...statement, at: new Date().toISOString() }),
  );
  if (bytes.length > MAX_STATEMENT_BYTES) return null;
  return {
    [STATEMENT_HEADER]: bytes.toString('base64url'),
    [SIGNATURE_HEADER]: sign(null, bytes, privateKey).toString('base64url'),
  };
}

const UPLOADS = '/uploads/';
/** Stored files' hashes, by path, size and change time: each file is read once per instance. */
const fileHashes = new Map();
const MAX_KEPT_HASHES = 20_000;

/** SHA-256 of a stored file, read as a stream (a 500 MB video is never held in memory). */
async function hashOfFile(path, { size, mtimeMs }) {
  const key = `${path}:${size}:${mtimeMs}`;
  const known = fileHashes.get(key);
  if (known) return known;
  const hashing = new Promise((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => done(hash.digest('hex')))
      .on('error', fail);
  });
  if (fileHashes.size >= MAX_KEPT_HASHES) fileHashes.clear();
  fileHashes.set(key, hashing);
  hashing.catch(() => fileHashes.delete(key));
  return hashing;
}

/**
 * The stored file a /uploads/ path names, and its own address (however the request spelled it),
 * or null when the path leaves the uploads folder.
 */
function storedFile(strapi, path) {
  const folder = resolve(strapi.dirs.static.public, 'uploads');
  let name;
  try {
    name = decodeURIComponent(path.slice(UPLOADS.length));
  } catch {
    return null;
  }
  const file = resolve(join(folder, name));
  if (!file.startsWith(folder + sep)) return null;
  return { file, address: `${UPLOADS}${relative(folder, file).split(sep).join('/')}` };
}

/**
 * The operation a GraphQL request runs, if it is a query, with only the variables it declares;
 * null for a mutation, a subscription or a document that does not parse.
 */
function queryOf(request) {
  let document;
  try {
    document = parse(request.query);
  } catch {
    return null;
  }
  const operations = document.definitions.filter((node) => node.kind === 'OperationDefinition');
  const operation =
    typeof request.operationName === 'string'
      ? operations.find((node) => node.name?.value === request.operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  if (!operation || operation.operation !== 'query') return null;
  const given = request.variables && typeof request.variables === 'object' ? request.variables : {};
  const variables = {};
  for (const { variable } of operation.variableDefinitions ?? []) {
    const name = variable.name.value;
    if (Object.hasOwn(given, name)) variables[name] = given[name];
  }
  return { operationName: operation.name?.value ?? null, variables };
}

/**
 * Signs what a download asks to have signed (`x-sign-answer: 1`); the answer itself is unchanged.
 * A GraphQL answer: the statement says which question it answers (operation, the document's hash,
 * the variables), the SHA-256 of the answer's bytes as sent, the role it was answered for
 * (subscriber-only content stays a subscriber's when it travels as a file) and when. A stored
 * file (/uploads/…): its path, size and SHA-256. Headers `x-answer-statement` (the statement,
 * base64url JSON) and `x-answer-signature` (Ed25519 over the statement's bytes, base64url); the
 * public key is at GET /api/download-signing-key. Previews and failed answers are never signed.
 */
function signedAnswers(strapi) {
  return async (ctx, next) => {
    const asked = ctx.get(SIGN_HEADER) === '1' && !ctx.get(PREVIEW_HEADER);
    const answer = asked && ctx.method === 'POST' && ctx.path === '/graphql';
    const file = asked && ctx.method === 'GET' && ctx.path.startsWith(UPLOADS);
    await next();
    if (ctx.status !== 200 || ctx.body === undefined || ctx.body === null) return;
    if (answer) signAnswer(strapi, ctx);
    else if (file) await signFile(strapi, ctx);
  };
}

/** Whether a GraphQL answer reports errors (or is not JSON at all). */
function hasErrors(bytes) {
  try {
    const answer = JSON.parse(bytes.toString('utf8'));
    return !answer || typeof answer !== 'object' || (answer.errors?.length ?? 0) > 0;
  } catch {
    return true;
  }
}

function signAnswer(strapi, ctx) {
  const request = ctx.request.body ?? {};
  if (typeof request.query !== 'string') return;
  // Queries only (what a download reads), named by what they declare.
  const query = queryOf(request);
  if (!query) return;
  // A streamed answer (incremental delivery) is not one set of bytes to sign.
  if (typeof ctx.body.pipe === 'function') return;
  // What is hashed is what is sent: an object body is sent as this JSON.
  let bytes;
  if (Buffer.isBuffer(ctx.body)) bytes = ctx.body;
  else if (typeof ctx.body === 'string') bytes = Buffer.from(ctx.body);
  else {
    bytes = Buffer.from(JSON.stringify(ctx.body));
    ctx.body = bytes.toString('utf8');
    ctx.type = 'application/json';
  }
  // A failed answer is never signed, even one sent as a 200 with GraphQL errors in it.
  if (hasErrors(bytes)) return;
  const headers = signatureHeaders(strapi, {
    operationName: query.operationName,
    document: sha256(request.query),
    variables: query.variables,
    answer: sha256(bytes),
    for: ctx.state.user?.role?.type ?? 'public',
  });
  if (headers) ctx.set(headers);
}

/** A stored file's statement: its path, size and SHA-256 (files under /uploads are public). */
async function signFile(strapi, ctx) {
  // A compressed copy served in the file's place (a .gz or .br beside it) is other bytes.
  if (ctx.response.get('Content-Encoding')) return;
  const stored = storedFile(strapi, ctx.path);
  if (!stored) return;
  const stats = await stat(stored.file).catch(() => null);
  if (!stats?.isFile()) return;
  const headers = signatureHeaders(strapi, {
    file: stored.address,
    size: stats.size,
    answer: await hashOfFile(stored.file, stats),
  });
  if (headers) ctx.set(headers);
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
