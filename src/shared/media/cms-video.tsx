import { videoState } from '../../lib/cms/video-source';
import type { CaptionTrack, MediaFile } from '../../lib/content/media';
import { parseEmbed } from '../../lib/content/media';
import { VideoEmbed } from './video-embed';

/** A CMS video as the editor left it: the Embed text they pasted and/or an uploaded file. */
export interface CmsVideoFields {
  embed?: string | null;
  file?: MediaFile | null;
}

/**
 * Whether a page has a film to place: one that plays, or one an editor entered that cannot play
 * (shown as "This video could not be shown"). A video left empty is no video, so the page leaves
 * out its heading and transcript too.
 */
export function hasCmsVideo(video: CmsVideoFields | null | undefined): boolean {
  return videoState(video) !== 'none';
}

/**
 * Every CMS film goes through here: the Embed text is read by the same reader the CMS checks it
 * with on save, so an address that cannot play shows the note in VideoEmbed rather than a silent
 * gap, on the home page, CPD sessions, at-home material and Music at Home alike.
 */
export function CmsVideo({
  video,
  title,
  captions,
  width,
  height,
}: {
  video: CmsVideoFields | null | undefined;
  title: string;
  captions?: CaptionTrack[] | null;
  width?: number;
  height?: number;
}) {
  if (!video || !hasCmsVideo(video)) return null;
  return (
    <VideoEmbed
      embed={parseEmbed(video.embed)}
      file={video.file}
      title={title}
      captions={captions}
      width={width}
      height={height}
    />
  );
}
