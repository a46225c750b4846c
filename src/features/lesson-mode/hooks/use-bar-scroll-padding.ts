import { useLayoutEffect, type RefObject } from 'react';

/** Room for the focus ring (outline, offset and its dark halo) beyond the bar's edge. */
const FOCUS_RING_PX = 12;

function stickyHeight(bar: Element | null): number {
  if (!bar || getComputedStyle(bar).position !== 'sticky') return 0;
  return Math.ceil(bar.getBoundingClientRect().height) + FOCUS_RING_PX;
}

/**
 * On a phone the bar and the controls stick to the top and bottom of the screen while the slide
 * scrolls between them, and they wrap to several rows. A control scrolled into view by Tab (a
 * video's seek bar) must not end up under them (WCAG 2.4.11), so the page's scroll padding is
 * their real height, measured whenever it changes, rather than a guess in rem.
 */
export function useBarScrollPadding(viewer: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const root = viewer.current;
    if (!root) return;
    const top = root.querySelector(':scope > .lesson-mode-bar');
    const bottom = root.querySelector(':scope > .slide-controls');
    const html = document.documentElement;
    const update = () => {
      html.style.scrollPaddingTop = `${stickyHeight(top)}px`;
      html.style.scrollPaddingBottom = `${stickyHeight(bottom)}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    for (const bar of [top, bottom]) if (bar) observer.observe(bar);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      html.style.scrollPaddingTop = '';
      html.style.scrollPaddingBottom = '';
    };
  }, [viewer]);
}
