// What a video's Embed field (`videos.embed`, `media_embed`, `mediaEmbed`) holds, read one way
// on both sides: the CMS refuses on save what the app could not show
// (src/bootstrap/editor-checks), and the app plays what the CMS let through (src/lib/cms).
// Editors paste what they have: a YouTube or Vimeo link, the address of a film in the Media
// Library, or the older JSON text `{"url": …}`. Plain ECMAScript with no imports, so the CMS
// (CommonJS, via import()) and the app (Vite) share it.

/**
 * @typedef {{ kind: 'file', url: string, title?: string }
 *   | { kind: 'frame', url: string, provider?: string, title?: string }} VideoSource
 *   file: an uploaded film, played by a <video> element (and offline once downloaded);
 *   frame: YouTube's or Vimeo's player, shown in an iframe (VIDEO_PLAYER_ORIGINS).
 * @typedef {{ state: 'empty' }
 *   | { state: 'unusable', reason: string }
 *   | { state: 'ok', source: VideoSource }} VideoSourceReading
 */

/**
 * The video players the app frames: YouTube's and Vimeo's, the sites the Embed field's help text
 * names (cms/src/bootstrap/editor-fields.js). The one list: every link read below becomes an address
 * on one of these, the CMS refuses any other site on save, the app shows no other in a frame
 * (src/lib/ui/video-embed.tsx), and the web server's CSP frame-src allows exactly these.
 */
export const VIDEO_PLAYER_ORIGINS = Object.freeze([
  'https://www.youtube.com',
  'https://player.vimeo.com',
]);

/** The sites an editor may link a film from, as the refusal names them. */
export const VIDEO_SITES = 'YouTube (youtube.com, youtu.be) or Vimeo (vimeo.com)';

/**
 * Whether the app may show this address in a frame: https on one of VIDEO_PLAYER_ORIGINS, with no
 * user name or password in it.
 * @param {string} address
 */
export function isVideoPlayerAddress(address) {
  const url = parseUrl(address);
  // The protocol too: a blob: address has the origin of the page that made it.
  return Boolean(
    url &&
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    VIDEO_PLAYER_ORIGINS.includes(url.origin),
  );
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;
// The app's Content-Security-Policy plays media from its own site only (media-src 'self'), and
// the web server proxies the CMS's /uploads there.
const UPLOADS = /^\/uploads\/[^?#\s"\\]+$/;
// Encoded slashes, backslashes and dots, which a browser or a proxy may decode into a path step.
const ENCODED_STEP = /%(2f|5c|2e)/i;

/**
 * Whether a path names a file under /uploads and nothing else: no empty, `.` or `..` step (which
 * would leave /uploads, or make `//host` an address on another site), no backslash, no encoded
 * slash, backslash or dot. The CMS also checks that the Media Library has a video at exactly
 * this address (src/bootstrap/editor-checks/video-embeds.js).
 * @param {string} path
 */
export function isUploadPath(path) {
  if (!UPLOADS.test(path) || ENCODED_STEP.test(path)) return false;
  return path
    .slice('/uploads/'.length)
    .split('/')
    .every((step) => step !== '' && step !== '.' && step !== '..');
}

/** What a Media Library film's JSON may say its provider is: nothing, or the Media Library. */
const FILE_PROVIDERS = new Set([undefined, 'upload']);

export const PASTE_HINT =
  "Paste a YouTube or Vimeo link, or upload the film to the Media Library and choose it under 'File' (or paste its /uploads/… address).";

/** @param {string} reason @returns {VideoSourceReading} */
const unusable = (reason) => ({ state: 'unusable', reason });

/** @param {string} text */
function parseUrl(text) {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** A YouTube watch, short, live, embed or youtu.be link to its embed address. @param {URL} url */
function youtubeEmbed(url) {
  const host = url.hostname.toLowerCase();
  let id = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v')
      id = second ?? null;
  } else return undefined;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = Number.parseInt(
    url.searchParams.get('t') ?? url.searchParams.get('start') ?? '',
    10,
  );
  return `https://www.youtube.com/embed/${id}${start > 0 ? `?start=${start}` : ''}`;
}

/** A vimeo.com page (public or unlisted with its hash) to its player address. @param {URL} url */
function vimeoEmbed(url) {
  const host = url.hostname.toLowerCase();
  if (host !== 'player.vimeo.com' && host !== 'vimeo.com' && host !== 'www.vimeo.com')
    return undefined;
  const match = (
    host === 'player.vimeo.com' ? /^\/video\/(\d+)()$/ : /^\/(\d+)(?:\/([0-9a-f]+))?\/?$/
  ).exec(url.pathname);
  if (!match) return null;
  const hash = match[2] || url.searchParams.get('h');
  return `https://player.vimeo.com/video/${match[1]}${hash && /^[0-9a-f]+$/.test(hash) ? `?h=${hash}` : ''}`;
}

/**
 * A Media Library film, unless the JSON says it is on another site: the app would not know which.
 * @param {string} path @param {{ provider?: string, title?: string }} extra
 * @returns {VideoSourceReading}
 */
function fileSource(path, { provider, title }) {
  if (!FILE_PROVIDERS.has(provider))
    return unusable(`"${path}" is a film in the Media Library, not on ${provider}.`);
  return { state: 'ok', source: { kind: 'file', url: path, ...(title ? { title } : {}) } };
}

/**
 * One address to what plays it.
 * @param {string} address
 * @param {{ provider?: string, title?: string }} extra
 * @returns {VideoSourceReading}
 */
function readAddress(address, extra) {
  const title = extra.title;
  if (address.startsWith('/') && !address.startsWith('//')) {
    const path = address.split(/[?#]/)[0] ?? '';
    if (isUploadPath(path)) return fileSource(path, extra);
    return unusable(`"${address}" is not a film in the Media Library.`);
  }
  const url = parseUrl(address);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return unusable(`"${address}" is not a web address.`);
  // The Media Library's "Copy link" gives the CMS's own full address; the app reaches the same
  // file on its own site.
  if (isUploadPath(url.pathname)) return fileSource(url.pathname, extra);
  if (url.pathname.startsWith('/uploads/'))
    return unusable(`"${address}" is not a film in the Media Library.`);
  // Films from other sites play in a frame, and frames load over https only (the app's frame-src).
  if (url.protocol !== 'https:') return unusable(`"${address}" does not start with https://.`);
  // A user name in the address (`https://youtube.com@evil.example`) is a way to disguise its site.
  if (url.username || url.password)
    return unusable(`"${address}" has a user name in it, which a video link never has.`);
  for (const [provider, embed] of /** @type {const} */ ([
    ['youtube', youtubeEmbed(url)],
    ['vimeo', vimeoEmbed(url)],
  ])) {
    if (embed === null)
      return unusable(
        `"${address}" is not a link to one ${provider === 'youtube' ? 'YouTube' : 'Vimeo'} video.`,
      );
    if (embed !== undefined && isVideoPlayerAddress(embed)) {
      return {
        state: 'ok',
        source: { kind: 'frame', url: embed, provider, ...(title ? { title } : {}) },
      };
    }
  }
  if (VIDEO_FILE.test(url.pathname))
    return unusable(`"${address}" is a video file on another website, which the app cannot play.`);
  return unusable(
    `"${address}" is not on a video site the app plays: films play from ${VIDEO_SITES} only.`,
  );
}

/**
 * What an Embed field's text holds.
 * @param {unknown} text
 * @returns {VideoSourceReading}
 */
export function readVideoSource(text) {
  if (typeof text !== 'string' || !text.trim()) return { state: 'empty' };
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) {
    if (/\s/.test(trimmed))
      return unusable('The text is not a single link (embed code cannot be used).');
    return readAddress(trimmed, {});
  }
  let value;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return unusable('The text starts like JSON but is not valid JSON.');
  }
  const { url, provider, title } = /** @type {Record<string, unknown>} */ (value ?? {});
  if (typeof url !== 'string' || !url.trim()) return unusable('The JSON text has no "url".');
  return readAddress(url.trim(), {
    provider: typeof provider === 'string' ? provider : undefined,
    title: typeof title === 'string' ? title : undefined,
  });
}
