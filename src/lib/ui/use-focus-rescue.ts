import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * When a re-render removes the control that has focus (a button replaced by a progress bar, a
 * row removed, edit mode ending), browsers drop focus to <body> and a keyboard or screen-reader
 * user starts again from the top of the page (WCAG 2.4.3). Attach the returned ref to the region
 * the action changes: focus then moves to `next()`, the place the action leads to (`root` is the region). When `next()`
 * has nothing yet (a lazily loaded editor still on its way), it is asked again as the region
 * changes. Focus the user moved elsewhere is never taken back.
 */
export function useFocusRescue<T extends HTMLElement>(
  next: (root: T) => HTMLElement | null | undefined,
): (node: T | null) => (() => void) | undefined {
  const latest = useRef(next);
  // Before the commit's mutations reach the observer (a microtask), so `next` sees this render.
  useLayoutEffect(() => {
    latest.current = next;
  });

  return useCallback((root: T | null) => {
    if (!root) return undefined;
    let focused: Element | null = root.contains(document.activeElement)
      ? document.activeElement
      : null;
    // Focus the user puts elsewhere (by Tab or by a click, even on nothing focusable) is theirs.
    // Not a focusout: Chromium fires one at the control a re-render removes, too.
    const onFocusIn = (event: FocusEvent) => {
      focused =
        event.target instanceof Node &&
        root.contains(event.target) &&
        event.target instanceof Element
          ? event.target
          : null;
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node && root.contains(event.target))) focused = null;
    };
    const observer = new MutationObserver(() => {
      if (!focused || focused.isConnected) return;
      const active = document.activeElement;
      if (active !== null && active !== document.body) {
        focused = null;
        return;
      }
      const target = latest.current(root);
      if (!target) return;
      target.focus();
      focused = document.activeElement === target ? target : null;
    });
    document.addEventListener('focusin', onFocusIn, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
      observer.disconnect();
    };
  }, []);
}
