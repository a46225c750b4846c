import { useLayoutEffect, useRef, type RefObject } from 'react';

export interface SlideKeyActions {
  previous: () => void;
  next: () => void;
  first: () => void;
  last: () => void;
  toggleFullscreen: () => void;
  /** Only while presenting on another screen (presenter or audience window). */
  toggleBlank?: () => void;
}

/** Keys a focused control needs for itself: typing, and media elements seeking with arrows. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT', 'AUDIO', 'VIDEO', 'IFRAME'].includes(target.tagName);
}

/** What the 'Keyboard shortcuts' help lists: the keys below, in the teacher's words. */
export const SLIDE_SHORTCUTS: readonly { keys: readonly string[]; action: string }[] = [
  { keys: ['→', 'Page Down'], action: 'Next slide' },
  { keys: ['←', 'Page Up'], action: 'Previous slide' },
  { keys: ['Home'], action: 'First slide' },
  { keys: ['End'], action: 'Last slide' },
  { keys: ['Ctrl+Shift+F'], action: 'Full screen on or off' },
  {
    keys: ['B'],
    action:
      'Blank or unblank the audience screen, when presenting on another screen and the slide has focus',
  },
];

/** Letter keys that act only while the slide has focus. */
const CHARACTER_KEYS = new Set(['b', 'B']);

/** Ctrl+Shift+F and nothing else: no browser uses it, and no single key press sends it. */
function isFullscreenChord(event: KeyboardEvent): boolean {
  return (
    event.ctrlKey &&
    event.shiftKey &&
    !event.altKey &&
    !event.metaKey &&
    event.key.toLowerCase() === 'f'
  );
}

/**
 * Lesson mode's keyboard: arrows (and Page Up/Down, which presentation clickers send) move by
 * one slide, Home/End go to the first/last slide, Ctrl+Shift+F toggles full screen, B blanks the
 * audience screen while presenting. Full screen has no single-key shortcut: speech input or a
 * stray key press sends a single character by accident (WCAG 2.1.4). B is a single character, so
 * it works only while focus is inside `slide` (the slide itself, its title or its controls).
 */
export function useSlideKeys(actions: SlideKeyActions, slide: RefObject<HTMLElement | null>): void {
  const latest = useRef(actions);
  // Layout effects, not passive ones: they run in the same task as the commit that puts the slide
  // on screen, so a key pressed as soon as the slide shows reaches the slide it shows. A passive
  // effect runs in a later task, after the browser may already have dispatched that key to nobody.
  useLayoutEffect(() => {
    latest.current = actions;
  });

  useLayoutEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!event.defaultPrevented && isFullscreenChord(event) && !ownsKeys(event.target)) {
        event.preventDefault();
        latest.current.toggleFullscreen();
        return;
      }
      if (
        event.defaultPrevented ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        ownsKeys(event.target)
      )
        return;
      const handlers: Record<string, (() => void) | undefined> = {
        ArrowLeft: latest.current.previous,
        PageUp: latest.current.previous,
        ArrowRight: latest.current.next,
        PageDown: latest.current.next,
        Home: latest.current.first,
        End: latest.current.last,
        b: latest.current.toggleBlank,
        B: latest.current.toggleBlank,
      };
      const handler = handlers[event.key];
      if (!handler) return;
      if (
        CHARACTER_KEYS.has(event.key) &&
        !(event.target instanceof Node && slide.current?.contains(event.target))
      )
        return;
      event.preventDefault();
      handler();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [slide]);
}
