import { CmsVideo } from './cms-video';
import { DescribedVideo, hasAudioDescription, playsUploadedFile } from './described-video';
import type { DescribedVideoFields } from './described-video';
import type { CaptionTrack } from '../../lib/content/media';

/**
 * A film's 'Audio description' switch (WCAG 1.2.5): a toggle button (aria-pressed) named by the
 * film, for a film where hasAudioDescription holds. Lesson mode puts it on a slide film's caption
 * line, a CPD session under its film; the choice is the device's (audio-description-setting.ts).
 */
export function AudioDescriptionSwitch({
  title,
  on,
  onChange,
  className,
}: {
  title: string;
  on: boolean;
  onChange: () => void;
  className: string;
}) {
  return (
    <button type="button" className={className} aria-pressed={on} onClick={onChange}>
      Audio description<span className="visually-hidden">: {title}</span>
    </button>
  );
}

/**
 * A film (shared.video) as a page plays it: with its audio description when it has one (the
 * described version, or its descriptions read into a live region, DescribedVideo), otherwise as
 * any CMS film (an upload, or a video site's player, which can take no descriptions track).
 */
export function FilmWithDescription({
  video,
  title,
  describing,
  width,
  height,
}: {
  video: DescribedVideoFields & { captions?: CaptionTrack[] | null };
  title: string;
  describing: boolean;
  width: number;
  height: number;
}) {
  return hasAudioDescription(video) && (describing || playsUploadedFile(video)) ? (
    <DescribedVideo video={video} title={title} on={describing} width={width} height={height} />
  ) : (
    <CmsVideo video={video} title={title} captions={video.captions} width={width} height={height} />
  );
}
