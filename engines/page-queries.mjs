// Finding things as a user does (role and accessible name, a field by its label), written once
// as functions that run inside the page, so Firefox (puppeteer) and WebKitGTK (selenium) find
// elements the same way. Each function is sent to the browser as source: it must be
// self-contained (no imports, no outer variables) and take only JSON arguments.

/**
 * A user's view of an element: its role, its accessible name (matched whole, or by a pattern's
 * source and flags, since a RegExp cannot cross into the page), a heading level, and an
 * optional container it must be inside.
 * @typedef {{ role: string, name?: string, pattern?: { source: string, flags: string }, level?: number, within?: Query }} Query
 */

/**
 * Runs in the page: the first visible element matching the query, or null.
 * @param {Query} query
 * @returns {Element | null}
 */
export function findByRole(query) {
  /** @type {Record<string, string>} */
  const SELECTORS = {
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    link: 'a[href], [role="link"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    dialog: 'dialog, [role="dialog"]',
    navigation: 'nav, [role="navigation"]',
    main: 'main, [role="main"]',
    radio: 'input[type="radio"], [role="radio"]',
    status: '[role="status"]',
    region: 'section[aria-labelledby], section[aria-label], [role="region"]',
    list: 'ul, ol, [role="list"]',
    listbox: '[role="listbox"]',
    option: '[role="option"]',
    // A form field, named by its label (enough for the fields the journeys fill in).
    textbox:
      'input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]), textarea, select',
  };
  /** @param {Element} element */
  const visible = (element) =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  /** @param {string | null | undefined} text */
  const squash = (text) => (text ?? '').replace(/\s+/g, ' ').trim();
  // What a screen reader reads: aria-hidden parts (a required field's '*', icons) are left out.
  /** @param {Element} element */
  const textOf = (element) => {
    const copy = /** @type {Element} */ (element.cloneNode(true));
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return squash(copy.textContent);
  };
  /** @param {Element} element */
  const nameOf = (element) => {
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy)
      return squash(
        labelledBy
          .split(/\s+/)
          .map((id) => {
            const named = document.getElementById(id);
            return named ? textOf(named) : '';
          })
          .join(' '),
      );
    if (
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    ) {
      if (element.labels?.[0]) return textOf(element.labels[0]);
      return element instanceof HTMLInputElement && element.type === 'submit'
        ? squash(element.value)
        : '';
    }
    return textOf(element);
  };
  /** @param {Query} wanted @param {ParentNode} scope @returns {Element | null} */
  const find = (wanted, scope) => {
    const selector = SELECTORS[wanted.role];
    if (!selector) throw new Error(`findByRole: no selector for role ${wanted.role}`);
    const pattern = wanted.pattern ? new RegExp(wanted.pattern.source, wanted.pattern.flags) : null;
    for (const element of scope.querySelectorAll(selector)) {
      // A status is read whether or not it is drawn (the long sentence may be visually hidden).
      if (wanted.role !== 'status' && !visible(element)) continue;
      if (
        wanted.level &&
        element.tagName !== `H${wanted.level}` &&
        element.getAttribute('aria-level') !== String(wanted.level)
      )
        continue;
      const name = nameOf(element);
      if (wanted.name !== undefined && name !== wanted.name) continue;
      if (pattern && !pattern.test(name)) continue;
      return element;
    }
    return null;
  };
  const scope = query.within ? find(query.within, document) : document;
  return scope ? find(query, scope) : null;
}

/** @param {RegExp} pattern @returns {{ source: string, flags: string }} */
export const pattern = ({ source, flags }) => ({ source, flags });

/**
 * Runs in the page: an element's text as a screen reader reads it (aria-hidden parts left out,
 * such as the sync pill's short label next to its sentence).
 * @param {Element} element
 */
export function spokenText(element) {
  const copy = /** @type {Element} */ (element.cloneNode(true));
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
