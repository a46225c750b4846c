import type { ReactNode } from 'react';
import { RichText } from '../../../lib/ui/rich-text';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import { Audiocards } from './audiocards';
import { Flipcards } from './flipcards';
import { SlideAudio } from './slide-audio';
import { SlideColumn } from './slide-column';
import { SlideImage } from './slide-image';
import { SlideVideo } from './slide-video';
import { SubSlideLinks } from './sub-slide-links';

/**
 * A slide's content by its template (spec part 2, "Lesson mode"). Each part renders only when
 * its data exists; an unknown or missing template shows everything the slide has ('all').
 * `slidePath` is where 'Instrument options' links start (null inside a sub-slideshow, which
 * has no sub-slideshows of its own in the URL).
 */
export function SlideBody({ slide, slidePath }: { slide: ActivitySlide; slidePath: string | null }) {
  const title = slide.title ?? '';
  const videos = slide.videos ?? [];
  const text = <RichText html={slide.slide_text} className="slide__text" />;
  const images = (
    <div className="slide__row">
      <SlideImage image={slide.main_image} />
      <SlideImage image={slide.secondary_image} />
    </div>
  );
  const audio = (
    <>
      <SlideAudio audio={slide.audio} fallbackTitle={title} />
      <SlideAudio audio={slide.secondary_audio} fallbackTitle={title} />
    </>
  );
  const subSlides = <SubSlideLinks subSlides={slide.sub_slides2} slidePath={slidePath} />;
  const columns = (slide.left_column || slide.right_column) && (
    <div className="slide__columns">
      <SlideColumn column={slide.left_column} fallbackTitle={title} />
      <SlideColumn column={slide.right_column} fallbackTitle={title} />
    </div>
  );

  const bodies: Record<string, () => ReactNode> = {
    image: () => (
      <>
        {text}
        {images}
      </>
    ),
    audio: () => (
      <>
        {text}
        {audio}
      </>
    ),
    video: () => (
      <>
        {text}
        <SlideVideo video={videos[0]} fallbackTitle={title} single />
      </>
    ),
    two_videos: () => (
      <>
        {text}
        <div className="slide__row">
          <SlideVideo video={videos[0]} fallbackTitle={title} />
          <SlideVideo video={videos[1]} fallbackTitle={title} />
        </div>
      </>
    ),
    audio_and_image: () => (
      <>
        {text}
        <div className="slide__row slide__row--media">
          <SlideImage image={slide.main_image} />
          <SlideAudio audio={slide.audio} fallbackTitle={title} />
        </div>
      </>
    ),
    flipcards: () => (
      <>
        {text}
        <Flipcards slideId={slide.id} cards={slide.flipcards} fallbackTitle={title} />
        {audio}
      </>
    ),
    audiocards: () => (
      <>
        {text}
        <Audiocards cards={slide.audiocards} fallbackTitle={title} />
      </>
    ),
    two_columns: () => (
      <>
        {text}
        {columns}
      </>
    ),
    sub_slide_buttons: () => (
      <>
        {text}
        {subSlides}
      </>
    ),
    video_audio_instruments: () => (
      <>
        {text}
        <SlideVideo video={videos[0]} fallbackTitle={title} single />
        {slide.audio?.url && (
          <section className="slide__audio-section" aria-labelledby="activity-audio-heading">
            <h2 id="activity-audio-heading">Activity audio</h2>
            <SlideAudio audio={slide.audio} fallbackTitle={title} />
          </section>
        )}
        {subSlides}
      </>
    ),
    all: () => (
      <>
        {text}
        {images}
        {audio}
        {(videos.length > 0 || slide.secondary_video) && (
          <div className="slide__row">
            {videos.map((video) => (
              <SlideVideo key={video.id} video={video} fallbackTitle={title} single={videos.length === 1 && !slide.secondary_video} />
            ))}
            <SlideVideo video={slide.secondary_video} fallbackTitle={title} />
          </div>
        )}
        <RichText html={slide.secondary_slide_text} className="slide__text" />
        <Flipcards slideId={slide.id} cards={slide.flipcards} fallbackTitle={title} />
        <Audiocards cards={slide.audiocards} fallbackTitle={title} />
        {columns}
        {subSlides}
      </>
    ),
  };
  const body = bodies[slide.slide_template ?? 'all'] ?? bodies.all!;
  return <div className={`slide__body slide__body--${slide.slide_template ?? 'all'}`}>{body()}</div>;
}
