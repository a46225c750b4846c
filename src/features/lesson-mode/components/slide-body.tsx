import { memo, useMemo, type ReactNode } from 'react';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import { SNAPSHOT_OMIT_ATTRIBUTE } from '../../../lib/sw-messages';
import { Audiocards } from './audiocards';
import { Flipcards } from './flipcards';
import { allBody } from './slide-all-body';
import { slideParts } from './slide-parts';
import { audioAndImageBody, videoAudioInstrumentsBody } from './slide-split-bodies';
import { SlideVideo } from './slide-video';
import { SlideVisuals } from './slide-visuals';
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
 *
 * `hidden`: drawn ahead, not shown (SlideWindow). Hidden, it is out of what assistive technology
 * reads and of the Tab order, and a snapshot of the page leaves it out; where the slide fits the
 * screen it is laid out, unseen, in the shown body's place (slide-fit.css).
 */
export const SlideBody = memo(function SlideBody({
  slide,
  slidePath,
  hidden = false,
}: {
  slide: ActivitySlide;
  slidePath: string | null;
  hidden?: boolean;
}) {
  // Showing or hiding a drawn body changes one attribute, not its content.
  const content = useMemo(() => slideContent(slide, slidePath), [slide, slidePath]);
  const template = slide.slide_template ?? 'all';
  return (
    <div
      className={`slide__body slide__body--${template}`}
      hidden={hidden}
      {...(hidden ? { [SNAPSHOT_OMIT_ATTRIBUTE]: '' } : {})}
    >
      {content}
    </div>
  );
});

/** The body's content by the slide's template. */
function slideContent(slide: ActivitySlide, slidePath: string | null): ReactNode {
  const parts = slideParts(slide, slidePath);
  const { title, videos, text, images, audio, subSlides, columns, firstVideo } = parts;

  // Most templates are the slide's text with one piece below it.
  const textAnd = (below: ReactNode) => (
    <>
      {text}
      {below}
    </>
  );

  const bodies: Record<string, () => ReactNode> = {
    image: () => textAnd(images),
    audio: () => textAnd(audio),
    video: () => textAnd(firstVideo),
    two_videos: () =>
      textAnd(
        videos.length > 0 && (
          <SlideVisuals>
            {videos.slice(0, 2).map((video) => (
              <SlideVideo key={video.id} video={video} fallbackTitle={title} />
            ))}
          </SlideVisuals>
        ),
      ),
    audio_and_image: () => audioAndImageBody(slide, parts),
    flipcards: () => (
      <>
        {text}
        <Flipcards slideId={slide.id} cards={slide.flipcards} fallbackTitle={title} />
        {audio}
      </>
    ),
    audiocards: () => textAnd(<Audiocards cards={slide.audiocards} fallbackTitle={title} />),
    two_columns: () => textAnd(columns),
    sub_slide_buttons: () => textAnd(subSlides),
    video_audio_instruments: () => videoAudioInstrumentsBody(slide, parts),
    all: () => allBody(slide, parts),
  };
  const body = bodies[slide.slide_template ?? 'all'] ?? bodies.all!;
  return body();
}
