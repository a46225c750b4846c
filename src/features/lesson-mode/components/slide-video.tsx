import { CmsVideo, hasCmsVideo } from '../../../shared/media/cms-video';
import { SlideVideoFigure } from './slide-video-figure';
import type { SlideVideo as SlideVideoData } from '../../../lib/lesson-content/slide-fields';

/**
 * Whether a slide has a video to show: one that plays (an uploaded file or an embed address), or
 * one an editor entered that cannot play, which shows "This video could not be shown" instead of
 * silently vanishing. A video left empty is no video.
 */
export function hasVideo(video: SlideVideoData | null | undefined): video is SlideVideoData {
  return hasCmsVideo(video);
}

/**
 * A slide's video: 800x600 in slides, 640x480 when it is the slide's only video (spec part 2,
 * section 9). On a projector it keeps that 4:3 shape inside the space the slide leaves it (the
 * figure is a size container, slide-fit.css) and grows past the spec's size only on big screens.
 * Uploaded files play from the CMS (and offline once cached); an external embed shows the shared
 * offline placeholder when there is no network. The film's transcript opens from its caption line.
 */
export function SlideVideo({
  video,
  fallbackTitle,
  single = false,
}: {
  video: SlideVideoData | null | undefined;
  fallbackTitle: string;
  single?: boolean;
}) {
  if (!hasVideo(video)) return null;
  const title = video.title || fallbackTitle;
  return (
    <SlideVideoFigure
      className={single ? 'slide-video slide-video--single' : 'slide-video'}
      title={title}
      setup={video.film_setup}
      transcript={video.transcript}
    >
      <CmsVideo
        video={video}
        title={title}
        captions={video.captions}
        width={single ? 640 : 800}
        height={single ? 480 : 600}
      />
    </SlideVideoFigure>
  );
}
