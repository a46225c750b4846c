// What the media library accepts and how every stored file is served. Shared by the CMS (the
// upload gate, cms/src/extensions/upload/strapi-server.js, and the serving middleware,
// cms/src/middlewares/served-files.js) and the web server's proxy (server/web-server.mjs), so
// both origins answer a file the same way.

export const UPLOAD_REFUSED =
  'This file type cannot be uploaded: only images, audio, video, PDF and captions (WebVTT) are accepted.';

/**
 * The types the content model uses (images, audio, video, PDF documents, WebVTT captions). No
 * type here can run script when opened: SVG, HTML and XML are left out on purpose.
 * `sniffed`: what file-type reports for the content; `declared`: what browsers and tools send
 * for it (a declared type outside this list means the name or the sender disagrees with the
 * content); `exts`: the extensions it may be stored under, the first being its own.
 * `kind` 'document' is the one that downloads instead of showing (see servedFileHeaders).
 * @type {ReadonlyArray<{ mime: string, kind: 'image' | 'audio' | 'video' | 'document' | 'captions', label: string, exts: string[], sniffed: string[], declared: string[] }>}
 */
export const UPLOAD_TYPES = [
  {
    mime: 'image/png',
    kind: 'image',
    label: 'a PNG image',
    exts: ['png'],
    sniffed: ['image/png', 'image/apng'],
    declared: ['image/png', 'image/x-png', 'image/apng'],
  },
  {
    mime: 'image/jpeg',
    kind: 'image',
    label: 'a JPEG image',
    exts: ['jpg', 'jpeg', 'jpe', 'jfif'],
    sniffed: ['image/jpeg'],
    declared: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  },
  {
    mime: 'image/gif',
    kind: 'image',
    label: 'a GIF image',
    exts: ['gif'],
    sniffed: ['image/gif'],
    declared: ['image/gif'],
  },
  {
    mime: 'image/webp',
    kind: 'image',
    label: 'a WebP image',
    exts: ['webp'],
    sniffed: ['image/webp'],
    declared: ['image/webp'],
  },
  {
    mime: 'image/avif',
    kind: 'image',
    label: 'an AVIF image',
    exts: ['avif'],
    sniffed: ['image/avif'],
    declared: ['image/avif'],
  },
  {
    mime: 'audio/mpeg',
    kind: 'audio',
    label: 'an MP3 recording',
    exts: ['mp3'],
    sniffed: ['audio/mpeg'],
    declared: ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg', 'audio/x-mp3'],
  },
  {
    mime: 'audio/wav',
    kind: 'audio',
    label: 'a WAV recording',
    exts: ['wav'],
    sniffed: ['audio/wav', 'audio/vnd.wave', 'audio/x-wav'],
    declared: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave', 'audio/x-pn-wav'],
  },
  {
    mime: 'audio/ogg',
    kind: 'audio',
    label: 'an Ogg recording',
    exts: ['ogg', 'oga', 'opus'],
    sniffed: ['audio/ogg', 'audio/ogg; codecs=opus', 'audio/opus'],
    declared: ['audio/ogg', 'audio/opus', 'application/ogg', 'video/ogg'],
  },
  {
    mime: 'audio/mp4',
    kind: 'audio',
    label: 'an M4A recording',
    exts: ['m4a', 'mp4'],
    sniffed: ['audio/x-m4a', 'audio/mp4'],
    declared: ['audio/mp4', 'audio/x-m4a', 'audio/m4a', 'video/mp4'],
  },
  {
    mime: 'audio/aac',
    kind: 'audio',
    label: 'an AAC recording',
    exts: ['aac'],
    sniffed: ['audio/aac'],
    declared: ['audio/aac', 'audio/x-aac', 'audio/aacp'],
  },
  {
    mime: 'audio/flac',
    kind: 'audio',
    label: 'a FLAC recording',
    exts: ['flac'],
    sniffed: ['audio/flac', 'audio/x-flac'],
    declared: ['audio/flac', 'audio/x-flac'],
  },
  {
    mime: 'video/mp4',
    kind: 'video',
    label: 'an MP4 video',
    exts: ['mp4', 'm4v'],
    sniffed: ['video/mp4', 'video/x-m4v'],
    declared: ['video/mp4', 'video/x-m4v', 'application/mp4'],
  },
  {
    mime: 'video/webm',
    kind: 'video',
    label: 'a WebM video',
    exts: ['webm'],
    sniffed: ['video/webm'],
    declared: ['video/webm', 'audio/webm'],
  },
  {
    mime: 'video/ogg',
    kind: 'video',
    label: 'an Ogg video',
    exts: ['ogv', 'ogg'],
    sniffed: ['video/ogg'],
    declared: ['video/ogg', 'audio/ogg', 'application/ogg'],
  },
  {
    mime: 'application/pdf',
    kind: 'document',
    label: 'a PDF document',
    exts: ['pdf'],
    sniffed: ['application/pdf'],
    declared: ['application/pdf', 'application/x-pdf'],
  },
  {
    mime: 'text/vtt',
    kind: 'captions',
    label: 'WebVTT captions',
    exts: ['vtt'],
    sniffed: ['text/vtt'],
    declared: ['text/vtt'],
  },
];

/** WebVTT is text, so no magic bytes: the format requires this first line (W3C WebVTT, 4.1). */
const WEBVTT_START = /^(?:\uFEFF)?WEBVTT(?:[ \t\r\n]|$)/;

/**
 * The sniffed type of a file: what file-type found in its bytes, or, when it found nothing, WebVTT
 * if the file starts as one must.
 * @param {string | undefined} binaryMime file-type's answer
 * @param {Uint8Array} head the file's first bytes
 */
export function sniffedMime(binaryMime, head) {
  if (binaryMime) return binaryMime;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 16));
  return WEBVTT_START.test(text) ? 'text/vtt' : undefined;
}

/** @param {string} name */
function extensionOf(name) {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** @param {string | null | undefined} declared */
const plainMime = (declared) => (declared ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Whether a file may be stored, judged on its content: its sniffed type must be allowed, and its
 * name's extension and its declared type (when it has them) must agree with that type. The
 * stored type and name then come from the sniffed type, never from the client.
 * @param {{ sniffed: string | undefined, filename: string, declared?: string | null, keepExt?: string }} file
 *   keepExt: the extension a replaced file keeps (its URL does not change), which the new content must suit.
 * @returns {{ ok: true, mime: string, filename: string } | { ok: false, message: string }}
 */
export function admitUpload({ sniffed, filename, declared, keepExt }) {
  const type = sniffed
    ? UPLOAD_TYPES.find((entry) => entry.sniffed.includes(sniffed.toLowerCase()))
    : undefined;
  if (!type) return { ok: false, message: UPLOAD_REFUSED };
  const ext = extensionOf(filename);
  const claimed = plainMime(declared);
  const genericClaim = claimed === '' || claimed === 'application/octet-stream';
  if ((ext && !type.exts.includes(ext)) || (!genericClaim && !type.declared.includes(claimed))) {
    return {
      ok: false,
      message: `This file's name or type does not match what it holds (${type.label}): name it .${type.exts[0]} and upload it again.`,
    };
  }
  if (keepExt !== undefined && !type.exts.includes(keepExt.replace(/^\./, '').toLowerCase())) {
    return {
      ok: false,
      message: `A replacement must be the same type of file as the one it replaces (${keepExt}).`,
    };
  }
  return { ok: true, mime: type.mime, filename: ext ? filename : `${filename}.${type.exts[0]}` };
}

const DISPLAYED = UPLOAD_TYPES.filter((type) => type.kind !== 'document');
/** Extensions, and the Content-Types they come with, served for display (images, audio, video, captions). */
const INLINE_EXTS = new Set(DISPLAYED.flatMap((type) => type.exts));
const INLINE_TYPES = new Set(DISPLAYED.flatMap((type) => [type.mime, ...type.declared]));

/**
 * The policy for every stored file and /documents answer: a sandboxed document with no script
 * and nothing to load, so a hostile file (an old upload, or a polyglot) opened on either origin
 * can neither run script nor reach the session.
 */
export const SERVED_FILE_CSP = "sandbox; default-src 'none'";
/**
 * Displayable media opened in a tab: the browser's image or player page loads the file itself,
 * which an opaque (sandboxed) origin may not do, so the sandbox keeps the origin but still allows
 * no script. Only files sent as media get it, and nosniff keeps the browser from reading them as
 * anything else.
 */
export const MEDIA_FILE_CSP =
  "sandbox allow-same-origin; default-src 'none'; img-src 'self'; media-src 'self'";

/**
 * The headers every /uploads/* and /documents/* answer carries on both origins, whatever the
 * upstream (the CMS, object storage) sent. Anything not displayable media, by its name and by the
 * type it is sent as, downloads: PDFs too, as the app's document links do
 * (src/lib/content/open-document.ts).
 * @param {string} pathname the request's path, without its query
 * @param {string | null} [contentType] the answer's Content-Type, when known
 * @returns {Record<string, string>}
 */
export function servedFileHeaders(pathname, contentType) {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    path = '';
  }
  const sentAs = contentType === undefined ? undefined : plainMime(contentType);
  const inline =
    path.startsWith('/uploads/') &&
    INLINE_EXTS.has(extensionOf(path)) &&
    (sentAs === undefined || INLINE_TYPES.has(sentAs));
  return {
    'Content-Security-Policy': inline ? MEDIA_FILE_CSP : SERVED_FILE_CSP,
    'X-Content-Type-Options': 'nosniff',
    ...(inline ? {} : { 'Content-Disposition': 'attachment' }),
  };
}

/** @param {string} path */
export const isServedFilePath = (path) =>
  path.startsWith('/uploads/') || path.startsWith('/documents/');

/**
 * The Content-Type a stored file is served with, from its name alone (the media library stores a
 * file under its own type's extension), or null for a name no accepted type has. What a lesson
 * file's manifest claims is not trusted.
 * @param {string} pathname
 * @returns {string | null}
 */
export function typeOfStoredFile(pathname) {
  const ext = extensionOf(pathname);
  return UPLOAD_TYPES.find((type) => type.exts.includes(ext))?.mime ?? null;
}
