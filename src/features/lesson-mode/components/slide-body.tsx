import type { ReactNode } from 'react';
import { RichText } from '../../../lib/ui/rich-text';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import { Audiocards } from './audiocards';
import { Flipcards } from './flipcards';
import { SlideAudio } from './slide-audio';
import { SlideColumn } from './slide-column';
import { SlideImage } from './slide-image';
import { SlideText } from './slide-text';
import { SlideVideo, hasVideo } from './slide-video';
import { SlideVisuals } from './slide-visuals';
import { SubSlideLinks } from './sub-slide-links';
import './slide.css';
// After slide.css: it overrides the flowing layout on bigger screens.
import './slide-fit.css';

/**
 * A slide's content by its template (spec part 2, "Lesson mode"). Each part renders only when
 * its data exists; an unknown or missing template shows everything the slide has ('all').
 * `slidePath` is where 'Instrument options' links start (null inside a sub-slideshow, which
 * has no sub-slideshows of its own in the URL).
 *
 * Text and players keep the height they need; pictures, videos and cards share what is left
 * (SlideVisuals, slide-fit.css), so on a projector a slide never needs scrolling.
 */
export function SlideBody({
  slide,
  slidePath,
}: {
  slide: ActivitySlide;
  slidePath: string | null;
}) {
  const title = slide.title ?? '';
  const videos = (slide.videos ?? []).filter(hasVideo);
  const text = <SlideText html={slide.slide_text} />;
  const imageList = [slide.main_image, slide.secondary_image].filter((image) => image?.url);
  const images = imageList.length > 0 && (
    <SlideVisuals>
      {imageList.map((image, index) => (
        <SlideImage key={`${image!.url}-${index}`} image={image} />
      ))}
    </SlideVisuals>
  );
  const audio = (slide.audio?.url || slide.secondary_audio?.url) && (
    <div className="slide__audio-list">
      <SlideAudio audio={slide.audio} fallbackTitle={title} transcript={slide.audio_transcript} />
      <SlideAudio audio={slide.secondary_audio} fallbackTitle={title} />
    </div>
  );
  const subSlides = <SubSlideLinks subSlides={slide.sub_slides2} slidePath={slidePath} />;
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
        {firstVideo}
      </>
    ),
    two_videos: () => (
      <>
        {text}
        {videos.length > 0 && (
          <SlideVisuals>
            {videos.slice(0, 2).map((video) => (
              <SlideVideo key={video.id} video={video} fallbackTitle={title} />
            ))}
          </SlideVisuals>
        )}
      </>
    ),
    // The player gets a column of its own beside the picture: squeezed into the picture's row
    // it shrinks to its caption's width and loses its play button.
    audio_and_image: () => (
      <>
        {text}
        <div className="slide__split">
          {slide.main_image?.url && (
            <SlideVisuals>
              <SlideImage image={slide.main_image} />
            </SlideVisuals>
          )}
          {slide.audio?.url && (
            <div className="slide__aside">
              <SlideAudio
                audio={slide.audio}
                fallbackTitle={title}
                transcript={slide.audio_transcript}
              />
            </div>
          )}
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
        <div className="slide__split">
          {firstVideo}
          <div className="slide__aside">
            {slide.audio?.url && (
              <section className="slide__audio-section" aria-labelledby="activity-audio-heading">
                <h2 id="activity-audio-heading">Activity audio</h2>
                <SlideAudio
                  audio={slide.audio}
                  fallbackTitle={title}
                  transcript={slide.audio_transcript}
                />
              </section>
            )}
            {subSlides}
          </div>
        </div>
      </>
    ),
    all: () => {
      const allVideos =
        slide.secondary_video && hasVideo(slide.secondary_video)
          ? [...videos, slide.secondary_video]
          : videos;
      return (
        <>
          {text}
          {(imageList.length > 0 || allVideos.length > 0) && (
            <SlideVisuals>
              {imageList.map((image, index) => (
                <SlideImage key={`${image!.url}-${index}`} image={image} />
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
          <RichText
            html={slide.secondary_slide_text}
            className="slide__text slide__text--secondary"
          />
          <Flipcards slideId={slide.id} cards={slide.flipcards} fallbackTitle={title} />
          <Audiocards cards={slide.audiocards} fallbackTitle={title} />
          {columns}
          {subSlides}
        </>
      );
    },
  };
  const template = slide.slide_template ?? 'all';
  const body = bodies[template] ?? bodies.all!;
  return <div className={`slide__body slide__body--${template}`}>{body()}</div>;
}
