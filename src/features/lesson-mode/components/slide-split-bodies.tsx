/** The slide templates that put a player or links in a column beside a picture or video. */
import { useId, type ReactNode } from 'react';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import { SlideAudio } from './slide-audio';
import { SlideImage } from './slide-image';
import type { SlideParts } from './slide-parts';
import { SlideVisuals } from './slide-visuals';

// The player gets a column of its own beside the picture: squeezed into the picture's row
// it shrinks to its caption's width and loses its play button.
export function audioAndImageBody(slide: ActivitySlide, { text, title }: SlideParts): ReactNode {
  return (
    <>
      {text}
      <div className="slide__split">
        {slide.main_image?.url && (
          <SlideVisuals>
            <SlideImage image={slide.main_image} decorative={slide.main_image_decorative} />
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
  );
}

export function videoAudioInstrumentsBody(
  slide: ActivitySlide,
  { text, title, firstVideo, subSlides }: SlideParts,
): ReactNode {
  return (
    <>
      {text}
      <div className="slide__split">
        {firstVideo}
        <div className="slide__aside">
          {slide.audio?.url && <ActivityAudio slide={slide} fallbackTitle={title} />}
          {subSlides}
        </div>
      </div>
    </>
  );
}

/** 'Activity audio': its heading's id is the body's own, as a body drawn ahead has one too. */
function ActivityAudio({ slide, fallbackTitle }: { slide: ActivitySlide; fallbackTitle: string }) {
  const headingId = useId();
  return (
    <section className="slide__audio-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Activity audio</h2>
      <SlideAudio
        audio={slide.audio}
        fallbackTitle={fallbackTitle}
        transcript={slide.audio_transcript}
      />
    </section>
  );
}
