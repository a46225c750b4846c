import { readVideoSource } from '@music-classroom/shared/video-source';

export { isVideoPlayerAddress, VIDEO_PLAYER_ORIGINS } from '@music-classroom/shared/video-source';

/**
 * A video's Embed text as the app plays it, read by the module the CMS checks it with on save
 * (packages/shared/video-source.mjs), so whatever an editor could save, the app can show.
 */
export interface VideoEmbedSource {
  url: string;
  provider?: string;
  title?: string;
}

/** What a CMS video (Embed text and/or an uploaded file) gives the page. */
export type VideoState = 'none' | 'playable' | 'unusable';

/** The playable address in an Embed field (a link, an /uploads path or `{"url": …}`), or null. */
export function embedFromText(text: string | null | undefined): VideoEmbedSource | null {
  const reading = readVideoSource(text);
  if (reading.state !== 'ok') return null;
  const { source } = reading;
  return {
    url: source.url,
    provider: source.kind === 'file' ? 'upload' : source.provider,
    ...(source.title ? { title: source.title } : {}),
  };
}

/**
 * 'none' when an editor left the video empty (nothing to show), 'unusable' when they entered
 * something that cannot play (the page says so rather than showing nothing).
 */
export function videoState(
  video: { embed?: string | null; file?: { url?: string | null } | null } | null | undefined,
): VideoState {
  if (!video) return 'none';
  if (video.file?.url) return 'playable';
  const reading = readVideoSource(video.embed);
  if (reading.state === 'ok') return 'playable';
  return reading.state === 'empty' ? 'none' : 'unusable';
}
