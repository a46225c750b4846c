import type { BrowserContext, Page } from '@playwright/test';
import { FORM_ONLY_ATTRIBUTES, LEFT_OUT_ATTRIBUTES } from '../../src/lib/offline/snapshot-cover';

// What the e2e tests of snapshots (a first slide, a page) read: what a start painted before the
// app ran, the app's own markup as a snapshot holds it, and what the device keeps.

export type Painted = { markup: string; inert: boolean; shown: boolean } | null;

/**
 * An init script: what the served HTML painted ahead of the app, as the cover's inline check left
 * it (shown to this teacher, or taken out) before the app's own script ran: its markup, whether
 * it is inert and shown, kept on window for the test to read.
 */
export function recordSnapshot() {
  const w = window as { __snapshot?: Painted; __served?: boolean };
  w.__snapshot = null;
  // Whether the worker served the page with a snapshot in it at all, seen as the parser adds it
  // (the inline check after it may take it out before the page is ever painted).
  w.__served = false;
  const served = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof Element && node.classList.contains('snapshot-cover')) w.__served = true;
  });
  served.observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => served.disconnect());
  document.addEventListener('DOMContentLoaded', () => {
    const element = document.querySelector<HTMLElement>('.snapshot-cover');
    w.__snapshot = element
      ? {
          markup: element.innerHTML,
          inert: element.inert,
          shown: getComputedStyle(element).display !== 'none',
        }
      : null;
  });
}

/** What `recordSnapshot` saw in this tab. */
export const painted = (tab: Page) =>
  tab.evaluate(() => (window as { __snapshot?: Painted }).__snapshot ?? null);

/**
 * The app's own markup of the page as a snapshot holds it, worked out here on its own as the
 * test's model: what says the device's state now left out, a form as a plain block, and the
 * attributes a snapshot leaves out (ids and the references to them, what plays by itself).
 */
export function appMarkup(page: Page): Promise<string> {
  return page.evaluate(
    ({ leftOut, formOnly }) => {
      const copy = document.getElementById('root')!.cloneNode(true) as Element;
      for (const omitted of copy.querySelectorAll('[data-snapshot-omit]')) omitted.remove();
      for (const form of copy.querySelectorAll('form')) {
        const block = document.createElement('div');
        for (const { name, value } of Array.from(form.attributes))
          if (!formOnly.includes(name)) block.setAttribute(name, value);
        block.append(...Array.from(form.childNodes));
        form.replaceWith(block);
      }
      for (const element of copy.querySelectorAll('*'))
        for (const name of leftOut) element.removeAttribute(name);
      return copy.innerHTML;
    },
    { leftOut: LEFT_OUT_ATTRIBUTES, formOnly: FORM_ONLY_ATTRIBUTES },
  );
}

/** The addresses the device holds a snapshot of in the cache `name` (not the pages the worker made). */
export function snapshotAddresses(page: Page, name: string) {
  return page.evaluate(async (cacheName) => {
    if (!(await caches.has(cacheName))) return [];
    return (await (await caches.open(cacheName)).keys())
      .map((request) => new URL(request.url))
      .filter((url) => !url.search)
      .map((url) => url.pathname)
      .sort();
  }, name);
}

/** Opens `path` in a new tab of `context`, as a teacher starting the app there. */
export async function start(context: BrowserContext, path: string) {
  const tab = await context.newPage();
  await tab.goto(path);
  return tab;
}
