import DOMPurify from 'dompurify';

/**
 * CMS rich text as sanitized HTML. The CMS answers rich text as HTML rendered from the editor's
 * Markdown (cms/src/utils/markdown-html.js), so the app's first load carries no Markdown renderer.
 * It is still sanitized here: raw HTML an editor types passes through, and a compromised or
 * careless entry must not run script in a teacher's session.
 *
 * Answers stored before that change hold the Markdown itself. Such a text is told apart by its
 * first character (rendered HTML always starts with a tag; an editor's Markdown rarely does) and
 * rendered by the old-markdown chunk, loaded the first time one is shown.
 */

const NEW_TAB_NOTE = 'opens in a new tab';

// An editor's image with no alternative text would be read out as its file name; with alt=""
// it is skipped as decorative, which is the better of the two for a teacher using a screen reader.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  if (node.nodeName === 'A') openElsewhereSafely(node as HTMLAnchorElement);
});

/**
 * A link to another site opens in a new tab, so a teacher in lesson mode (or with unsaved work)
 * does not leave the app; `noopener noreferrer` keeps that site from reaching back into this
 * page, and the link says it opens a new tab (WCAG 3.2.5 advice) for screen-reader users.
 */
function openElsewhereSafely(link: HTMLAnchorElement) {
  const href = link.getAttribute('href');
  if (!href || !/^https?:\/\//i.test(href)) {
    link.removeAttribute('target');
    return;
  }
  let external: boolean;
  try {
    external = new URL(href).origin !== window.location.origin;
  } catch {
    external = true;
  }
  if (!external) {
    link.removeAttribute('target');
    return;
  }
  link.setAttribute('target', '_blank');
  link.setAttribute('rel', 'noopener noreferrer');
  if (link.querySelector('.visually-hidden')) return;
  const note = link.ownerDocument.createElement('span');
  note.className = 'visually-hidden';
  // The space is inside the hidden span: outside it, it would be underlined as part of the link.
  note.textContent = ` (${NEW_TAB_NOTE})`;
  link.append(note);
}

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

/**
 * What the CMS renders always starts with a block element (marked wraps everything else in a
 * paragraph), and so does an old text that was HTML already. An old Markdown text may start with
 * an inline tag the editor's toolbar writes (`<u>word</u> **bold**`): that one goes to the
 * renderer, or its Markdown would show as typed.
 */
const isHtml = (text: string) =>
  /^<(?:p|h[1-6]|ul|ol|blockquote|pre|table|hr|div|figure|section|dl|details|iframe|video|audio)[\s/>]/i.test(
    text,
  );

/**
 * One line of words and the punctuation Markdown gives no meaning to (blank lines around it
 * aside): Markdown renders it as one paragraph of exactly that text, so an old text like this
 * needs no renderer (tests/lib/ui/rich-text-html.test.tsx checks the two agree). Four leading
 * spaces would make code, a leading digit or dash could start a list ("1. Listen", "- drum"),
 * "www." or "://" an automatic link; anything else Markdown reads goes to the renderer.
 */
const PLAIN_LINE = /^ {0,3}[\p{L}\p{M}\p{N} ,.;:?!'"()/-]+$/u;
function plainLine(text: string): string | null {
  const line = text.replace(/^\n+|\n+$/g, '');
  if (!PLAIN_LINE.test(line) || /^\s*[\p{N}-]/u.test(line) || /www\.|:\/\//i.test(line))
    return null;
  return line;
}

const escapeText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

type Renderer = (markdown: string) => string;
let oldMarkdown: Renderer | null = null;
let loading: Promise<Renderer> | null = null;
const waiting = new Set<() => void>();

/** Loads the renderer for old stored Markdown (its own chunk), once. */
export function loadOldMarkdown(): Promise<Renderer> {
  loading ??= import('./old-markdown').then(({ renderOldMarkdown }) => {
    oldMarkdown = renderOldMarkdown;
    waiting.forEach((notify) => notify());
    waiting.clear();
    return renderOldMarkdown;
  });
  return loading;
}

/** Calls `notify` once the old-Markdown renderer has arrived; returns an unsubscribe. */
export function whenOldMarkdownLoads(notify: () => void): () => void {
  if (oldMarkdown) {
    notify();
    return () => undefined;
  }
  waiting.add(notify);
  return () => waiting.delete(notify);
}

// Sanitizing costs about a millisecond a text (DOMPurify rebuilds its allow-lists on every call),
// and lesson mode paid it on every slide change, twice for a slide's main text. The answer
// depends on the text alone, so it is kept: a slide the class goes back to, or one warmed while
// the previous slide showed (use-preload-slide), renders without it. Bounded, oldest first out,
// so a long session with many lessons does not grow it without end.
const converted = new Map<string, string>();
const CONVERTED_LIMIT = 500;

/**
 * A CMS rich text as sanitized HTML, safe to put in the page ('' when nothing shows). undefined
 * while an old stored Markdown text waits for its renderer, whose loading this starts: render
 * again when it arrives (whenOldMarkdownLoads; RichText does).
 */
export function richTextToHtml(text: string): string | undefined {
  const known = converted.get(text);
  if (known !== undefined) return known;
  const trimmed = text.trim();
  const plain = plainLine(text);
  let html: string;
  if (trimmed === '' || isHtml(trimmed)) html = trimmed;
  else if (plain !== null) html = `<p>${escapeText(plain)}</p>`;
  else if (oldMarkdown) html = oldMarkdown(text);
  else {
    void loadOldMarkdown();
    return undefined;
  }
  const clean = sanitizeHtml(html).trim();
  if (converted.size >= CONVERTED_LIMIT) converted.delete(converted.keys().next().value!);
  converted.set(text, clean);
  return clean;
}
