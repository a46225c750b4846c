'use strict';

/**
 * Every file the app downloads for offline use must come with its size, so that progress is honest:
 * the app's free-space check and byte bar use it before fetching anything. Uploaded files and their
 * image formats get theirs from Strapi's upload (kB). Video embeds are JSON text holding a URL
 * (`{"url": "/uploads/…"}`, spec part 2 "media_embed" and "videos.embed"), which an editor types
 * without a size: this Document Service middleware fills `size` (kB, as the upload records it) into
 * every such embed that names an uploaded file, on every create and update, from the admin panel,
 * REST, GraphQL or the seed.
 */
const UPLOAD_URL = /^\/uploads\/[^?#\s"]+$/;
const MAX_DEPTH = 30;

/** The embed a text field holds, when it is JSON naming an uploaded file. */
function uploadEmbed(text) {
  if (typeof text !== 'string' || !text.startsWith('{') || !text.includes('/uploads/')) return null;
  try {
    const value = JSON.parse(text);
    return value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      typeof value.url === 'string' &&
      UPLOAD_URL.test(value.url)
      ? value
      : null;
  } catch {
    return null;
  }
}

const hasSize = (embed) =>
  typeof embed.size === 'number' && Number.isFinite(embed.size) && embed.size > 0;

/** Calls `visit(text, replace)` for every string in the written data, however deep (components, zones). */
function eachText(value, visit, depth = 0) {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (typeof child === 'string') visit(child, (text) => (value[key] = text));
    else eachText(child, visit, depth + 1);
  }
}

async function fillEmbedSizes(strapi, data) {
  const pending = [];
  eachText(data, (text, replace) => {
    const embed = uploadEmbed(text);
    if (embed && !hasSize(embed)) pending.push({ embed, replace });
  });
  if (pending.length === 0) return;
  const urls = [...new Set(pending.map(({ embed }) => embed.url))];
  const files = await strapi.db
    .query('plugin::upload.file')
    .findMany({ where: { url: { $in: urls } }, select: ['url', 'size'] });
  const sizes = new Map(files.map((file) => [file.url, file.size]));
  for (const { embed, replace } of pending) {
    const size = sizes.get(embed.url);
    // A URL that names no upload stays as written: the app falls back to asking the file itself.
    if (typeof size === 'number') replace(JSON.stringify({ ...embed, size }));
  }
}

function registerFileSizes(strapi) {
  strapi.documents.use(async (context, next) => {
    const writes = context.action === 'create' || context.action === 'update';
    if (
      writes &&
      context.uid.startsWith('api::') &&
      context.params?.data &&
      typeof context.params.data === 'object'
    ) {
      // A copy: the caller's object is not changed under it.
      context.params.data = structuredClone(context.params.data);
      await fillEmbedSizes(strapi, context.params.data);
    }
    return next();
  });
}

module.exports = { registerFileSizes, uploadEmbed };
