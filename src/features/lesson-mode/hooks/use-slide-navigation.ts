import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export const SLIDE_CHANGE_MARK = 'slide-change-start';
export const SLIDE_CHANGE_MEASURE = 'slide-change';
/** Key handled to new slide in the DOM (the part of a change that is the app's own work). */
export const SLIDE_RENDER_MEASURE = 'slide-change-render';
/**
 * Key handled to the start of the frame that shows the new slide: the frame's own timestamp (its
 * vsync), or the commit if that ran past it. At most one frame interval when the change makes
 * the first frame after the key (the target); the plain measure above also counts the wait for
 * the frame callback, which a key pressed just after a frame began cannot avoid.
 */
export const SLIDE_FRAME_MEASURE = 'slide-change-frame';

let pendingChange = false;
let focusWasInViewer = false;

/**
 * Moves to another slide. Each move is a history entry (push, not replace), so the browser's
 * Back and Forward step through the slides the class saw, and reload or a shared link lands on
 * the same slide. `flushSync` renders the new slide inside the key press's task, before the next
 * paint, instead of as a deferred transition: a projected slide must change at once. The
 * performance mark is what bench/slide-change.mjs reads (key press to next slide painted).
 */
export function useSlideNavigation(): (path: string) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (path: string) => {
      performance.mark(SLIDE_CHANGE_MARK);
      pendingChange = true;
      focusWasInViewer =
        document.activeElement !== null && document.activeElement !== document.body;
      // The address keeps its query across slides (a preview's token, the audience view), so a
      // reload at any moment reopens the same slide the same way.
      void navigate({ pathname: path, search }, { flushSync: true });
    },
    [navigate, search],
  );
}

/**
 * Called once the new slide is in the DOM: measures the change at the next frame, and returns
 * whether the control that had focus went away with the old slide (so the caller moves focus to
 * the new slide rather than letting it fall to the page's start).
 */
export function slideRendered(): { focusLost: boolean } {
  const focusLost =
    focusWasInViewer &&
    (document.activeElement === null || document.activeElement === document.body);
  focusWasInViewer = false;
  if (pendingChange) {
    pendingChange = false;
    const committedAt = performance.measure(SLIDE_RENDER_MEASURE, SLIDE_CHANGE_MARK);
    requestAnimationFrame((frameTime) => {
      try {
        performance.measure(SLIDE_CHANGE_MEASURE, SLIDE_CHANGE_MARK);
        performance.measure(SLIDE_FRAME_MEASURE, {
          start: SLIDE_CHANGE_MARK,
          end: Math.max(frameTime, committedAt.startTime + committedAt.duration),
        });
      } catch {
        // The mark was cleared by someone else: nothing to measure.
      }
    });
  }
  return { focusLost };
}
