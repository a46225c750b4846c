import type { SlideLinks } from '../model/navigation';

/**
 * The on-screen controls: '<' and '>' move by one slide (never wrapping), 'Previous' and 'Next'
 * appear at the ends when there is a neighbouring activity. A control with nowhere to go stays
 * focusable but aria-disabled, so keyboard focus is never dropped when a slide reaches an end.
 */
export function SlideControls({
  links,
  counter,
  go,
  fullscreen,
}: {
  links: SlideLinks;
  counter: string;
  go: (path: string) => void;
  fullscreen: { supported: boolean; active: boolean; toggle: () => void };
}) {
  const move = (path: string | null) => () => {
    if (path) go(path);
  };
  return (
    <div className="slide-controls">
      {/* Fixed slots, so '<' and '>' never move under the teacher's finger when 'Previous' or 'Next' appear. */}
      <div className="slide-controls__slot slide-controls__slot--start">
        {links.previousActivity && (
          <button
            type="button"
            className="lesson-mode__button"
            onClick={move(links.previousActivity)}
          >
            Previous
          </button>
        )}
      </div>
      <button
        type="button"
        className="lesson-mode__button slide-controls__step"
        aria-label="Previous slide"
        aria-disabled={links.previous ? undefined : true}
        onClick={move(links.previous)}
      >
        &lt;
      </button>
      <p className="slide-controls__counter">{counter}</p>
      <button
        type="button"
        className="lesson-mode__button slide-controls__step"
        aria-label="Next slide"
        aria-disabled={links.next ? undefined : true}
        onClick={move(links.next)}
      >
        &gt;
      </button>
      <div className="slide-controls__slot">
        {links.nextActivity && (
          <button type="button" className="lesson-mode__button" onClick={move(links.nextActivity)}>
            Next
          </button>
        )}
        {fullscreen.supported && (
          <button
            type="button"
            className="lesson-mode__button slide-controls__fullscreen"
            aria-pressed={fullscreen.active}
            onClick={fullscreen.toggle}
          >
            Full screen
          </button>
        )}
      </div>
    </div>
  );
}
