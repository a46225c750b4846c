import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The path the app last showed, shared by both layouts: entering lesson mode from a page is a
 * navigation too, even though lesson mode's layout mounts fresh. Null until the first page.
 */
let lastPathname: string | null = null;

function mainElement(): HTMLElement | null {
  return document.getElementById('main');
}

/** Nothing useful has focus: browsers drop it to <body> when the focused control goes away. */
function focusIsLost(main: HTMLElement): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === main;
}

/**
 * Moves focus to the page's main heading (made focusable by script only, so it is no extra Tab
 * stop). A screen reader then reads the new page's name, and Tab carries on from the page's
 * start rather than from the top of the document. Returns false when there is no heading yet.
 */
export function focusMainHeading(): boolean {
  const heading = mainElement()?.querySelector('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}

/**
 * WCAG 2.4.3: after an in-app navigation (never the first load) focus goes to the new page's h1,
 * once the page has rendered it (a lazy route or a query may show a spinner first). Focus the
 * teacher has meanwhile put somewhere else is left alone.
 *
 * `onlyWhenLost` is for lesson mode: a slide change there keeps focus on the control the teacher
 * used ('>' stays under their finger, the slide viewer refocuses its own heading), so focus moves
 * only when the control that had it went away (a sub-slideshow link, 'Back to the main activity',
 * entering lesson mode from a page).
 */
export function useRouteFocus({ onlyWhenLost = false }: { onlyWhenLost?: boolean } = {}): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const previous = lastPathname;
    lastPathname = pathname;
    const main = mainElement();
    if (previous === null || previous === pathname || !main) return;

    const focusedAtNavigation = document.activeElement;
    const untouched = () =>
      focusIsLost(main) || (!onlyWhenLost && document.activeElement === focusedAtNavigation);
    // An open modal dialog (the login panel a route opens) keeps focus; it returns it on close.
    const dialogOpen = () => document.querySelector('dialog[open]') !== null;

    const settle = (): boolean => {
      if (dialogOpen() || !untouched()) return true;
      return focusMainHeading();
    };
    if (settle()) return;
    // Until the heading arrives, Tab should start from the page, not from the top of the document.
    if (focusIsLost(main)) main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, onlyWhenLost]);
}
