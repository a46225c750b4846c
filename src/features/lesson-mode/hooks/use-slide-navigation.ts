import { useCallback, useContext, useLayoutEffect, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { afterNextFrame } from '../../../lib/ui/after-next-frame';
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router-dom';

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
 * A slide shown ahead of the address: a change draws the new slide first, and moves the address
 * (a history entry, the router's matching and the page's re-render) after the frame that shows
 * it. A lead holds while the router is still where it was when the lead began (`locationKey`),
 * or on an address its own moves went to on the way (`moved`: a press can come while the
 * router is still taking the last one's address). Any other move of the router (Back, Forward,
 * a link) ends it: what the router shows is what is shown again.
 */
interface SlideLead {
  path: string;
  locationKey: string;
  /** The paths this lead's moves have sent the router to (added as each move is made). */
  moved: Set<string>;
  /** Where the router is by the time a move is made: the last move's path, or where it began. */
  address: { path: string };
}

let lead: SlideLead | null = null;
const leadListeners = new Set<() => void>();
let cancelMove: (() => void) | null = null;
let watchingHistory = false;

function setLead(next: SlideLead | null) {
  lead = next;
  leadListeners.forEach((listener) => listener());
}

/** Back and Forward end a lead at once, before its move could push over where they went. */
function endLeadOnHistoryMove() {
  if (watchingHistory) return;
  watchingHistory = true;
  window.addEventListener('popstate', () => {
    cancelMove?.();
    cancelMove = null;
    if (lead) setLead(null);
  });
}

const subscribeLead = (listener: () => void) => {
  leadListeners.add(listener);
  return () => leadListeners.delete(listener);
};

/** The path of the slide shown ahead of the address, while the address has not caught up. */
export function useSlideLead(): string | null {
  const { key, pathname } = useLocation();
  const current = useSyncExternalStore(subscribeLead, () => lead);
  const holds = current !== null && (current.locationKey === key || current.moved.has(pathname));
  // Caught up: its last move went to its path, the router has taken it there, and no other
  // move waits (the router's path alone may be one this press is leaving, not yet re-rendered).
  const caughtUp =
    holds &&
    current.address.path === current.path &&
    pathname === current.path &&
    cancelMove === null;
  useLayoutEffect(() => {
    // Ended (the router went elsewhere) or caught up: a lead kept would come back on Back.
    if (current && lead === current && (!holds || caughtUp)) setLead(null);
  }, [current, holds, caughtUp]);
  // Leaving lesson mode ends a lead: its move must not bring the page back.
  useLayoutEffect(
    () => () => {
      cancelMove?.();
      cancelMove = null;
      lead = null;
    },
    [],
  );
  return holds ? current.path : null;
}

/**
 * Moves to another slide. Each move is a history entry (push, not replace), so the browser's
 * Back and Forward step through the slides the class saw, and reload or a shared link lands on
 * the same slide. The new slide is drawn inside the key press's task, before the next paint
 * (`flushSync`), not as a deferred transition: a projected slide must change at once. The
 * address follows once that frame is out; slides passed within one frame share the last one's
 * entry. The performance mark is what bench/slide-change.mjs reads (key press to next slide
 * painted).
 */
export function useSlideNavigation(): (path: string) => void {
  const navigate = useNavigate();
  const { search, key, pathname } = useLocation();
  // The router itself, not its last render: a link's navigation may be under way (a route's code
  // loading) or done and not yet drawn when a move is due. React Router's own context (no public
  // hook reads the router's state outside a render); none under a plain <MemoryRouter>.
  const router = useContext(UNSAFE_DataRouterContext)?.router ?? null;
  return useCallback(
    (path: string) => {
      performance.mark(SLIDE_CHANGE_MARK);
      pendingChange = true;
      focusWasInViewer =
        document.activeElement !== null && document.activeElement !== document.body;
      endLeadOnHistoryMove();
      // A move still waiting for its frame is replaced by this one; a lead under way goes on.
      cancelMove?.();
      const ahead = lead && (lead.locationKey === key || lead.moved.has(pathname)) ? lead : null;
      const next: SlideLead = ahead
        ? { ...ahead, path }
        : { path, locationKey: key, moved: new Set(), address: { path: pathname } };
      flushSync(() => setLead(next));
      cancelMove = afterNextFrame(() => {
        cancelMove = null;
        if (lead !== next) return;
        // A link or Back went elsewhere since: the address stays with it, and the screen follows.
        const state = router?.state;
        if (
          state &&
          (state.navigation.state !== 'idle' || state.location.pathname !== next.address.path)
        ) {
          setLead(null);
          return;
        }
        // Back where the address already is (there and back within a frame, or Home on the first
        // slide): no second entry for the same slide.
        if (next.address.path === path) {
          setLead(null);
          return;
        }
        next.moved.add(path);
        next.address.path = path;
        // The address keeps its query across slides (a preview's token, the audience view), so
        // a reload at any moment reopens the same slide the same way.
        void navigate({ pathname: path, search });
      });
    },
    [navigate, search, key, pathname, router],
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
