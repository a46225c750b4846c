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
    let focused: Element | null = root.contains(document.activeElement) ? document.activeElement : null;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
    };
    const onFocusOut = (event: FocusEvent) => {
      // Moved by the user (to another control, or away by a click): not ours to bring back. A
      // control that is being removed is no longer in the document when (and if) it blurs.
      if (event.relatedTarget !== null || (event.target instanceof Node && event.target.isConnected)) {
        focused = null;
      }
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
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  }, []);
}
