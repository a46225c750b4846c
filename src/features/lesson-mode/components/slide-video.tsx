import { hasCmsVideo } from '../../../shared/media/cms-video';
import { useAudioDescription } from '../../../shared/media/audio-description-setting';
import { FilmWithDescription } from '../../../shared/media/audio-description-switch';
import { hasAudioDescription } from '../../../shared/media/described-video';
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
 * offline placeholder when there is no network. The film's transcript opens from its caption line,
 * and a film with an audio description has an 'Audio description' switch there too (WCAG 1.2.5).
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
  const [describing, setDescribing] = useAudioDescription();
  if (!hasVideo(video)) return null;
  const title = video.title || fallbackTitle;
  const width = single ? 640 : 800;
  const height = single ? 480 : 600;
  const described = hasAudioDescription(video);
  return (
    <SlideVideoFigure
      className={single ? 'slide-video slide-video--single' : 'slide-video'}
      title={title}
      setup={video.film_setup}
      transcript={video.transcript}
      audioDescription={
        described ? { on: describing, onChange: () => setDescribing(!describing) } : undefined
      }
    >
      <FilmWithDescription
        video={video}
        title={title}
        describing={describing}
        width={width}
        height={height}
      />
    </SlideVideoFigure>
  );
}
