import type { Locator, Page } from '@playwright/test';

// What several specs look for, found as a person finds it: by role and accessible name, or by
// the text on screen, never by a CSS class.

/** Lesson mode's counter under the slide, 'Slide 4 of 4' (not the live region's 'Slide 4 of 4: title'). */
export function slideCounter(page: Page): Locator {
  return page.getByText(/^Slide \d+ of \d+$/);
}

/** The slide lesson mode is showing: the article named by its level-1 heading, the slide title. */
export function currentSlide(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 1 }) });
}

/**
 * The players (or pictures) the slide on screen shows: `audio`, `video` or `img`. The slides next
 * to it are drawn ahead, hidden, in the same article; only what is visible counts.
 */
export function slideMedia(page: Page, element: 'audio' | 'video' | 'img'): Locator {
  return currentSlide(page).locator(element).filter({ visible: true });
}

/**
 * A page's loading spinner in the main area: the status with the spinning circle, which says
 * 'Loading…' (or what it is loading) a moment after it appears.
 */
export function loadingSpinner(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('status')
    .filter({ has: page.locator('.spinner__circle') });
}

/** The error panel: the region in the main area named by its 'Oops!' heading. */
export function errorPanel(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('region', { name: /^Oops! Seems like we played the wrong note/ });
}

/**
 * The accessible names of the elements of a role under `scope`, in order, as a screen reader
 * reads them (the accessibility tree's snapshot, not attributes).
 */
export async function accessibleNames(scope: Locator, role: string): Promise<string[]> {
  const snapshot = await scope.ariaSnapshot();
  // A YAML key with ': ' in it comes in single quotes, its own single quotes doubled.
  const line = new RegExp(`^\\s*- ('?)${role} ("(?:[^"\\\\]|\\\\.)*")`, 'gm');
  return [...snapshot.matchAll(line)].map(
    ([, quoted, name]) => JSON.parse(quoted ? name!.replaceAll("''", "'") : name!) as string,
  );
}

/** The item titles of the open playlist editor, in order, as each item's 'Move …' handle names it. */
export async function playlistEditorTitles(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Playlist items, in order' });
  return (await accessibleNames(list, 'button')).flatMap((name) => {
    const title = /^Move (.+) \(position \d+ of \d+\)$/.exec(name)?.[1];
    return title === undefined ? [] : [title];
  });
}
