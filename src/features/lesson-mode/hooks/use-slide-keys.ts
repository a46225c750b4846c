import { useEffect, useRef } from 'react';

export interface SlideKeyActions {
  previous: () => void;
  next: () => void;
  first: () => void;
  last: () => void;
  toggleFullscreen: () => void;
}

/** Keys a focused control needs for itself: typing, and media elements seeking with arrows. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT', 'AUDIO', 'VIDEO', 'IFRAME'].includes(target.tagName);
}

/**
 * Lesson mode's keyboard: arrows (and Page Up/Down, which presentation clickers send) move by
 * one slide, Home/End go to the first/last slide, F toggles full screen.
 */
export function useSlideKeys(actions: SlideKeyActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target)) return;
      const handlers: Record<string, (() => void) | undefined> = {
        ArrowLeft: latest.current.previous,
        PageUp: latest.current.previous,
        ArrowRight: latest.current.next,
        PageDown: latest.current.next,
        Home: latest.current.first,
        End: latest.current.last,
        f: latest.current.toggleFullscreen,
        F: latest.current.toggleFullscreen,
      };
      const handler = handlers[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
