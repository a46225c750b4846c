import { RichText } from '../../../lib/ui/rich-text';
import type { SlideColumn as SlideColumnData } from '../../../lib/lesson-content/slide-fields';
import { SlideAudio } from './slide-audio';
import { SlideImage } from './slide-image';
import { SlideVideo, hasVideo } from './slide-video';
import { SlideVisuals } from './slide-visuals';

/**
 * One column of a two_columns slide: title, rich text, videos and images (sharing the height the
 * column has left), then audio, as they exist.
 */
export function SlideColumn({
  column,
  fallbackTitle,
}: {
  column: SlideColumnData | null;
  fallbackTitle: string;
}) {
  if (!column) return null;
  const label = column.title || fallbackTitle;
  const videos = (column.videos ?? []).filter(hasVideo);
  const images = (column.images ?? []).filter((image) => image.url);
  return (
    <div className="slide-column">
      {column.title && <h2>{column.title}</h2>}
      <RichText html={column.text} className="slide-column__text" />
      {(videos.length > 0 || images.length > 0) && (
        <SlideVisuals>
          {videos.map((video) => (
            <SlideVideo key={video.id} video={video} fallbackTitle={label} />
          ))}
          {images.map((image, index) => (
            <SlideImage
              key={`${image.url}-${index}`}
              image={image}
              decorative={column.images_decorative}
            />
          ))}
        </SlideVisuals>
      )}
      {(column.audio ?? []).map((audio, index) => (
        <SlideAudio key={`${audio.url}-${index}`} audio={audio} fallbackTitle={label} />
      ))}
    </div>
  );
}
