/** The pieces a slide's templates are laid out from: its text, pictures, players and links. */
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import { SlideAudio } from './slide-audio';
import { SlideColumn } from './slide-column';
import { SlideImage } from './slide-image';
import { SlideText } from './slide-text';
import { SlideVideo, hasVideo } from './slide-video';
import { SlideVisuals } from './slide-visuals';
import { SubSlideLinks } from './sub-slide-links';

/** Each piece is empty (false, '' or undefined) when the slide has none of it. */
export function slideParts(slide: ActivitySlide, slidePath: string | null) {
  const title = slide.title ?? '';
  const videos = (slide.videos ?? []).filter(hasVideo);
  const imageList = [
    { image: slide.main_image, decorative: slide.main_image_decorative },
    { image: slide.secondary_image, decorative: slide.secondary_image_decorative },
  ].filter(({ image }) => image?.url);
  const images = imageList.length > 0 && (
    <SlideVisuals>
      {imageList.map(({ image, decorative }, index) => (
        <SlideImage key={`${image!.url}-${index}`} image={image} decorative={decorative} />
      ))}
    </SlideVisuals>
  );
  const audio = (slide.audio?.url || slide.secondary_audio?.url) && (
    <div className="slide__audio-list">
      <SlideAudio audio={slide.audio} fallbackTitle={title} transcript={slide.audio_transcript} />
      <SlideAudio audio={slide.secondary_audio} fallbackTitle={title} />
    </div>
  );
  const columns = (slide.left_column || slide.right_column) && (
    <div className="slide__columns">
      <SlideColumn column={slide.left_column} fallbackTitle={title} />
      <SlideColumn column={slide.right_column} fallbackTitle={title} />
    </div>
  );
  const firstVideo = videos[0] && (
    <SlideVisuals>
      <SlideVideo video={videos[0]} fallbackTitle={title} single />
    </SlideVisuals>
  );
  return {
    title,
    videos,
    imageList,
    text: <SlideText html={slide.slide_text} />,
    images,
    audio,
    subSlides: <SubSlideLinks subSlides={slide.sub_slides2} slidePath={slidePath} />,
    columns,
    firstVideo,
  };
}

export type SlideParts = ReturnType<typeof slideParts>;
