import { parseEmbed } from '../../../lib/content/media';
import { VideoEmbed } from '../../../lib/ui/video-embed';
import type { SlideVideo as SlideVideoData } from '../../../lib/lesson-content/slide-fields';

/**
 * A slide's video: 800x600 in slides, 640x480 when it is the slide's only video (spec part 2,
 * section 9); both shrink with the screen. Uploaded files play from the CMS (and offline once
 * cached); an external embed shows the shared offline placeholder when there is no network.
 */
export function SlideVideo({ video, fallbackTitle, single = false }: { video: SlideVideoData | null | undefined; fallbackTitle: string; single?: boolean }) {
  if (!video) return null;
  const embed = parseEmbed(video.embed);
  if (!video.file?.url && !embed) return null;
  const title = video.title || fallbackTitle;
  return (
    <figure className={single ? 'slide-video slide-video--single' : 'slide-video'}>
      <VideoEmbed embed={embed} file={video.file} title={title} width={single ? 640 : 800} height={single ? 480 : 600} />
      <figcaption>
        {title}
        {video.film_setup && <span className="slide-video__setup"> ({video.film_setup})</span>}
      </figcaption>
    </figure>
  );
}
