'use strict';

/**
 * Video Embed fields (`videos.embed`, `secondary_video.embed`, a column's videos, `media_embed`,
 * `mediaEmbed`) checked in the data being written: whatever the app could not play is refused
 * with what the editor can paste instead. The reading is the app's own
 * (packages/shared/video-source.mjs), so what saves is what plays.
 */
const EMBED_KEYS = new Set(['embed', 'media_embed', 'mediaEmbed']);
const MAX_DEPTH = 30;

let videoSource;
/** The shared ES module, loaded once (CommonJS reaches it through import()). */
async function loadVideoSource() {
  videoSource ??= await import('@music-classroom/shared/video-source');
  return videoSource;
}

/**
 * Every embed text in written (or stored) data, with the title of the video it belongs to, its
 * path in the document and a setter.
 */
function embedTexts(value, found = [], path = []) {
  if (path.length > MAX_DEPTH || value === null || typeof value !== 'object') return found;
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (EMBED_KEYS.has(key) && typeof child === 'string') {
      found.push({
        text: child,
        // A video component's own title; a document's title names the page, not its film.
        title: path.length > 0 && typeof value.title === 'string' ? value.title : null,
        path: at,
        replace: (text) => (value[key] = text),
      });
    } else embedTexts(child, found, at);
  }
  return found;
}

/**
 * Whether the Media Library holds a video at exactly this address: a path that only looks like an
 * upload would play nothing, or whatever the server answers there.
 */
async function isLibraryVideo(strapi, url) {
  const file = await strapi.db
    .query('plugin::upload.file')
    .findOne({ where: { url }, select: ['mime'] });
  return typeof file?.mime === 'string' && file.mime.toLowerCase().startsWith('video/');
}

/**
 * One problem per Embed text that cannot play: its sentence and the field it is in. A Media Library film pasted as the CMS's full
 * address ("Copy link") is stored as its /uploads path, which is how the app reaches it and what a
 * download recognises as a file to keep for offline use.
 */
async function embedProblems(data, strapi = globalThis.strapi) {
  const embeds = embedTexts(data);
  if (embeds.length === 0) return [];
  const { readVideoSource, PASTE_HINT } = await loadVideoSource();
  const problems = [];
  for (const { text, title, path, replace } of embeds) {
    const reading = readVideoSource(text);
    const video = `The video${title ? ` "${title}"` : ''}`;
    if (reading.state === 'unusable')
      problems.push({
        message: `${video} cannot be shown: ${reading.reason} ${PASTE_HINT}`,
        fields: [path],
      });
    if (reading.state !== 'ok' || reading.source.kind !== 'file') continue;
    if (!(await isLibraryVideo(strapi, reading.source.url))) {
      problems.push({
        message: `${video} cannot be shown: "${reading.source.url}" is not a video in the Media Library. ${PASTE_HINT}`,
        fields: [path],
      });
    } else if (!text.trim().startsWith('{')) replace(reading.source.url);
  }
  return problems;
}

module.exports = { embedProblems };
