import { embedFromText } from '../cms/video-source';
import { webLink } from './web-link';

/** An uploaded file as the CMS's GraphQL answers it (spec part 2, section 3 "Media"). */
export interface MediaFile {
  documentId?: string;
  name?: string | null;
  alternativeText?: string | null;
  caption?: string | null;
  width?: number | null;
  height?: number | null;
  /** JSON: thumbnail / small / medium / large, each with url, width and height. */
  formats?: unknown;
  ext?: string | null;
  mime?: string | null;
  /** In kB, as Strapi records it. */
  size?: number | null;
  url: string;
  previewUrl?: string | null;
}

export type ImageFormat = 'thumbnail' | 'small' | 'medium' | 'large';

interface FormatEntry {
  url: string;
  width?: number;
  height?: number;
}

function formatEntry(formats: unknown, name: ImageFormat): FormatEntry | null {
  if (typeof formats !== 'object' || formats === null) return null;
  const entry = (formats as Record<string, unknown>)[name];
  if (typeof entry !== 'object' || entry === null) return null;
  const { url, width, height } = entry as Record<string, unknown>;
  if (typeof url !== 'string') return null;
  return {
    url,
    width: typeof width === 'number' ? width : undefined,
    height: typeof height === 'number' ? height : undefined,
  };
}

/**
 * The URL and size of an image in the first of the preferred formats that exists, else the
 * original. Small images have no larger formats, so the original is the right fallback.
 */
export function imageSource(
  image: MediaFile,
  preferred: ImageFormat[] = ['medium', 'small', 'large'],
): { url: string; width?: number; height?: number } {
  for (const name of preferred) {
    const entry = formatEntry(image.formats, name);
    if (entry) return entry;
  }
  return { url: image.url, width: image.width ?? undefined, height: image.height ?? undefined };
}

export interface MediaEmbed {
  url: string;
  provider?: string;
  title?: string;
}

/**
 * An embed may only point at the web (http, https) or at a path on this site: an iframe `src`
 * of `javascript:` or `data:` from a careless or compromised CMS entry would run script.
 */
export function isSafeMediaUrl(url: string): boolean {
  if (!url.trim()) return false;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  return webLink(url) !== null;
}

/**
 * `media_embed` and `videos.embed`: what an editor pasted (a YouTube or Vimeo link, an /uploads
 * address, or JSON text holding a url) as the address to play; anything else is no embed.
 */
export function parseEmbed(text: string | null | undefined): MediaEmbed | null {
  return embedFromText(text);
}

/** Uploaded media (served by the CMS through the proxy) can be cached and played offline. */
export function isUploadedMedia(url: string): boolean {
  return url.startsWith('/uploads/');
}

/** A WebVTT caption file for a video, in one language (CMS component `shared.caption`). */
export interface CaptionTrack {
  id?: string;
  /** A BCP 47 tag such as `en`, the track's `srclang`. */
  language: string | null;
  label: string | null;
  file: (Pick<MediaFile, 'url'> & Partial<Pick<MediaFile, 'size' | 'mime'>>) | null;
}

/**
 * A film's text descriptions (WCAG 1.2.5, `<track kind="descriptions">`): a WebVTT file (the CMS
 * holds its language and label too, which the player does not need to read it out).
 */
export interface DescriptionTrack {
  file: Pick<MediaFile, 'url'> | null;
}

/**
 * The selection every query asks of a caption track: its file's `size` comes along so an offline
 * download counts the .vtt before fetching it, like any other upload.
 */
export const CAPTION_TRACK_FIELDS = /* GraphQL */ `
    id
    language
    label
    file {
      url
      size
      mime
    }
`;

/** What a `<track>` needs, from a caption entry that can play. */
export interface PlayableCaption {
  src: string;
  srcLang: string | undefined;
  label: string;
}

/**
 * Tracks that can play: a file at a safe address (uploads are same origin, so offline once
 * cached). A track with no label is named by its language, so the player's menu never shows
 * an empty entry.
 */
export function playableCaptions(captions: CaptionTrack[] | null | undefined): PlayableCaption[] {
  const playable: PlayableCaption[] = [];
  for (const track of captions ?? []) {
    const src = track.file?.url;
    if (!src || !isSafeMediaUrl(src)) continue;
    const srcLang = track.language?.trim() || undefined;
    playable.push({ src, srcLang, label: track.label?.trim() || srcLang || 'Captions' });
  }
  return playable;
}
