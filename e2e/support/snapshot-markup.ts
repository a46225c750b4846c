import type { Page } from '@playwright/test';

/**
 * The app's own markup of the page as a snapshot holds it (src/lib/offline/snapshot-cover.ts),
 * worked out here on its own as the test's model: what says the device's state now left out, a
 * form as a plain block, no ids nor references to them, nothing that plays or takes focus by itself.
 */
export function appMarkup(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.getElementById('root')!.cloneNode(true) as Element;
    for (const omitted of copy.querySelectorAll('[data-snapshot-omit]')) omitted.remove();
    for (const form of copy.querySelectorAll('form')) {
      const block = document.createElement('div');
      for (const { name, value } of Array.from(form.attributes))
        if (!['action', 'method', 'target', 'enctype', 'novalidate', 'name'].includes(name))
          block.setAttribute(name, value);
      block.append(...Array.from(form.childNodes));
      form.replaceWith(block);
    }
    const leftOut = [
      'id',
      'for',
      'aria-controls',
      'aria-labelledby',
      'aria-describedby',
      'aria-owns',
      'aria-activedescendant',
      'aria-details',
      'aria-errormessage',
      'aria-flowto',
      'list',
      'headers',
      'popovertarget',
      'autofocus',
      'autoplay',
    ];
    for (const element of copy.querySelectorAll('*'))
      for (const name of leftOut) element.removeAttribute(name);
    return copy.innerHTML;
  });
}
