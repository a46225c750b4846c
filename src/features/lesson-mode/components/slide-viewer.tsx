import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { ErrorPanel } from '../../../lib/ui/error-panel';
import { Spinner } from '../../../lib/ui/spinner';
import { slideShowQueryOptions, useSlideShow } from '../../../lib/lesson-content/slide-show';
import { useBarScrollPadding } from '../hooks/use-bar-scroll-padding';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useLessonModeTitle } from '../hooks/use-lesson-mode-title';
import { usePreloadSlide } from '../hooks/use-preload-slide';
import { useSlideKeys } from '../hooks/use-slide-keys';
import { slideRendered, useSlideNavigation } from '../hooks/use-slide-navigation';
import { useSwipe } from '../hooks/use-swipe';
import { useSlideSnapshot } from '../hooks/use-slide-snapshot';
import type { SnapshotSource } from '../../../lib/offline/slide-snapshot';
import { handOverHeldKeys, releaseSnapshot } from '../../../lib/offline/snapshot-cover';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import { lessonSlides, type Deck } from '../model/deck';
import {
  slideIndexFrom,
  slideLinks,
  slidePath,
  upcomingSlide,
  type Position,
} from '../model/navigation';
import { PresentButton } from '../presenter/present-button';
import { PresenterView } from '../presenter/presenter-view';
import { toggleBlank, usePresenterRole, usePresenterState } from '../presenter/presenter-session';
import { useAudienceMedia } from '../presenter/use-audience-media';
import { usePresenterSync } from '../presenter/use-presenter-sync';
import { LessonModeBar } from './lesson-mode-bar';
import { SHOWN_MEDIA, SlideWindow } from './slide-window';
import { SlideControls } from './slide-controls';

let pageScrolled = false;
function notePageScroll() {
  pageScrolled = true;
}

/**
 * One slide, full-screen: the slide (or, when the URL names one of its sub-slideshows, that
 * sub-slideshow's slide), the counter, the controls, the keyboard, swipes and full screen.
 */
export function SlideViewer({
  deck,
  position,
  snapshot,
}: {
  deck: Deck;
  position: Extract<Position, { kind: 'slide' }>;
  /** The downloaded answer the deck is drawn from, whose first slide may be kept as a snapshot. */
  snapshot?: SnapshotSource;
}) {
  const queryClient = useQueryClient();
  const go = useSlideNavigation();
  const fullscreen = useFullscreen();
  const sub = useSlideShow({ id: position.sub?.slideshowId ?? '' }, position.sub !== null);
  const subSlides = position.sub ? lessonSlides(sub.data) : [];
  const subIndex = position.sub ? slideIndexFrom(position.sub.param, subSlides.length) : 0;
  const links = slideLinks(deck, position, subIndex, subSlides.length);

  const slide = position.sub ? (subSlides[subIndex] ?? null) : position.slide;
  const count = position.sub ? subSlides.length : position.activity.slides.length;
  const number = (position.sub ? subIndex : position.slideIndex) + 1;
  const title = slide?.title || (position.sub ? position.sub.title : position.activity.title);
  const counter = `Slide ${number} of ${count}`;
  const mainPath = slidePath(deck, position.activity.key, position.slideIndex + 1);

  useLessonModeTitle(slide ? title : null);
  const nextSlide = position.sub
    ? (subSlides[subIndex + 1] ?? null)
    : upcomingSlide(deck, position);
  usePreloadSlide(nextSlide);

  // The sub-slideshows this slide offers load while the teacher talks, so opening one is instant.
  useEffect(() => {
    for (const option of position.slide.sub_slides2 ?? []) {
      if (option.activity_slideshow)
        void queryClient.prefetchQuery(
          slideShowQueryOptions({ id: option.activity_slideshow.documentId }),
        );
    }
  }, [position.slide, queryClient]);

  const viewer = useRef<HTMLDivElement>(null);
  useBarScrollPadding(viewer);
  const stage = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Where a slide is shown: the same slide at two places of a deck is two slides here.
  const placeKey = (path: string, slideId: string, sub: number) =>
    `${path}|${position.sub?.slideshowId ?? ''}|${slideId}|${sub}`;
  const placed = (shown: ActivitySlide | undefined, main: number, sub: number) => {
    if (!shown) return null;
    const path = slidePath(deck, position.activity.key, main + 1);
    return {
      key: placeKey(path, shown.id, sub),
      slide: shown,
      slidePath: position.sub ? null : path,
    };
  };
  const here = placed(slide ?? undefined, position.slideIndex, subIndex);
  const slideKey = here?.key ?? placeKey(mainPath, '', subIndex);
  const around = here && {
    current: here,
    previous: position.sub
      ? placed(subSlides[subIndex - 1], position.slideIndex, subIndex - 1)
      : placed(position.activity.slides[position.slideIndex - 1], position.slideIndex - 1, 0),
    next: position.sub
      ? placed(subSlides[subIndex + 1], position.slideIndex, subIndex + 1)
      : placed(position.activity.slides[position.slideIndex + 1], position.slideIndex + 1, 0),
  };
  // Presenting on another screen: this window is the presenter's or the audience's, in step.
  const role = usePresenterRole();
  const { blanked } = usePresenterState();
  const onMedia = useAudienceMedia(role, stage, slideKey);
  usePresenterSync(role, go, onMedia);
  // The deck's first slide: where 'Get started' leads, and where a class begins.
  const firstOfDeck = !position.sub && links.previous === null && links.previousActivity === null;
  useSlideSnapshot(firstOfDeck && role === 'solo' && slide ? snapshot : undefined, slideKey);
  useLayoutEffect(() => {
    // The app's own slide is in the DOM: a snapshot painted before it leaves in the same frame.
    releaseSnapshot();
    if (!slide) return;
    if (slideRendered().focusLost) heading.current?.focus({ preventScroll: true });
    // A long slide may have been scrolled: the next one starts at its top. Only then, since a
    // scroll forces a synchronous layout that would otherwise cost every change a few ms.
    if (pageScrolled) {
      pageScrolled = false;
      window.scrollTo(0, 0);
    }
    // Whatever was playing stops with its slide: a body stays drawn, hidden, after its slide is
    // left (SlideWindow), and a hidden player plays on. Only a playing one is paused, since a
    // pause() starts loading a player that has loaded nothing yet.
    const media = Array.from(stage.current?.querySelectorAll<HTMLMediaElement>(SHOWN_MEDIA) ?? []);
    return () => media.forEach((element) => element.paused || element.pause());
  }, [slideKey, slide]);

  useEffect(() => {
    window.addEventListener('scroll', notePageScroll, { passive: true });
    return () => window.removeEventListener('scroll', notePageScroll);
  }, []);

  // Presenting, a clicker's next and previous go on across activities, as the presenter's 'Next
  // slide' says; alone on one screen they stop at the ends, where 'Next' and 'Previous' appear.
  const presenting = role !== 'solo';
  const nextPath = links.next ?? (presenting ? links.nextActivity : null);
  const previousPath = links.previous ?? (presenting ? links.previousActivity : null);
  useSlideKeys(
    {
      previous: () => previousPath && go(previousPath),
      next: () => nextPath && go(nextPath),
      first: () => go(links.first),
      last: () => go(links.last),
      toggleFullscreen: fullscreen.toggle,
      toggleBlank: role === 'solo' ? undefined : toggleBlank,
    },
    stage,
  );
  // After the key handler above is in place: keys pressed on a snapshot of this slide arrive.
  useEffect(handOverHeldKeys, []);
  const swipe = useSwipe(
    () => nextPath && go(nextPath),
    () => previousPath && go(previousPath),
  );

  const stageArea = (
    // Focusable by click or tap (not Tab), so the slide can have focus for its F and B keys.
    // Where the bar names the activity, the slide area is a region of that name: a screen reader
    // finds the slide by its activity, and the slide article within by its own title.
    <div
      className="slide-viewer__stage"
      ref={stage}
      tabIndex={-1}
      {...swipe}
      {...(role === 'audience'
        ? // No button on the projected screen: a double click there fills it (or its F key).
          { onDoubleClick: fullscreen.toggle }
        : { role: 'region', 'aria-labelledby': 'slide-viewer-activity' })}
    >
      {around ? (
        // The article and its heading stay from slide to slide; only the body changes, and the
        // next and previous bodies are drawn ahead (SlideWindow). A heading that had focus keeps
        // it, where a new one had to take it back (a focus forces the new slide's layout inside
        // the key press, several ms of a change at load).
        <article className="slide" aria-labelledby="slide-title">
          <h1 id="slide-title" ref={heading} tabIndex={-1}>
            {title}
          </h1>
          <SlideWindow around={around} />
        </article>
      ) : sub.isError ? (
        <ErrorPanel error={sub.error} />
      ) : sub.isPending ? (
        <Spinner />
      ) : (
        <p className="notice">This slideshow has no slides.</p>
      )}
      {/* Inside the slide area, so a click on the black screen gives it focus for B again. */}
      {role === 'audience' && blanked && (
        <div className="audience-blank" role="img" aria-label="Screen blanked" />
      )}
    </div>
  );

  return (
    <div
      className={`lesson-mode slide-viewer${role === 'audience' ? ' slide-viewer--audience' : ''}`}
      ref={viewer}
    >
      {/* The class sees the slide and the controls only: the way out stays with the teacher. */}
      {role !== 'audience' && (
        <LessonModeBar deck={deck} mainSlidePath={links.mainSlide} shortcuts>
          <p className="slide-viewer__activity">
            <span id="slide-viewer-activity">{position.activity.title}</span>
            {position.sub && <span className="slide-viewer__sub"> · {position.sub.title}</span>}
          </p>
          <PresentButton />
        </LessonModeBar>
      )}
      {/* Keeps the slide in the viewer's middle (1fr) row when the bar is left out. */}
      {role === 'audience' && <div />}
      {role === 'presenter' ? (
        <PresenterView
          current={stageArea}
          slide={slide}
          next={nextSlide}
          activity={position.activity}
          slideIndex={position.slideIndex}
          slidePathOf={(number) => slidePath(deck, position.activity.key, number)}
          go={go}
        />
      ) : (
        stageArea
      )}
      {/* The projected screen shows the slide only: the controls are the teacher's. */}
      {role !== 'audience' && (
        <SlideControls links={links} counter={counter} go={go} fullscreen={fullscreen} />
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {slide ? `${counter}: ${title}` : ''}
      </p>
    </div>
  );
}
