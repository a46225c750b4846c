import { RichText } from '../../../lib/ui/rich-text';
import type { SlideColumn as SlideColumnData } from '../../../lib/lesson-content/slide-fields';
import { SlideAudio } from './slide-audio';
import { SlideImage } from './slide-image';
import { SlideVideo } from './slide-video';

/** One column of a two_columns slide: title, videos, audio, images and rich text, as they exist. */
export function SlideColumn({ column, fallbackTitle }: { column: SlideColumnData | null; fallbackTitle: string }) {
  if (!column) return null;
  const label = column.title || fallbackTitle;
  return (
    <div className="slide-column">
      {column.title && <h2>{column.title}</h2>}
      <RichText html={column.text} />
      {(column.videos ?? []).map((video) => (
        <SlideVideo key={video.id} video={video} fallbackTitle={label} />
      ))}
      {(column.audio ?? []).map((audio, index) => (
        <SlideAudio key={`${audio.url}-${index}`} audio={audio} fallbackTitle={label} />
      ))}
      {(column.images ?? []).map((image, index) => (
        <SlideImage key={`${image.url}-${index}`} image={image} />
      ))}
    </div>
  );
}
