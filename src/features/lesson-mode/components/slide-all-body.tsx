/** The slide template 'all' (also for an unknown or missing template): everything the slide has. */
import type { ReactNode } from 'react';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import { RichText } from '../../../lib/ui/rich-text';
import { Audiocards } from './audiocards';
import { Flipcards } from './flipcards';
import { SlideImage } from './slide-image';
import type { SlideParts } from './slide-parts';
import { SlideVideo, hasVideo } from './slide-video';
import { SlideVisuals } from './slide-visuals';

export function allBody(slide: ActivitySlide, parts: SlideParts): ReactNode {
  const { title, videos, imageList, text, audio, columns, subSlides } = parts;
  const allVideos =
    slide.secondary_video && hasVideo(slide.secondary_video)
      ? [...videos, slide.secondary_video]
      : videos;
  return (
    <>
      {text}
      {(imageList.length > 0 || allVideos.length > 0) && (
        <SlideVisuals>
          {imageList.map(({ image, decorative }, index) => (
            <SlideImage key={`${image!.url}-${index}`} image={image} decorative={decorative} />
          ))}
          {allVideos.map((video, index) => (
            <SlideVideo
              key={`${video.id}-${index}`}
              video={video}
              fallbackTitle={title}
              single={allVideos.length === 1}
            />
          ))}
        </SlideVisuals>
      )}
      {audio}
      <RichText html={slide.secondary_slide_text} className="slide__text slide__text--secondary" />
      <Flipcards slideId={slide.id} cards={slide.flipcards} fallbackTitle={title} />
      <Audiocards cards={slide.audiocards} fallbackTitle={title} />
      {columns}
      {subSlides}
    </>
  );
}
