import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo } from 'react';
import './rich-text.css';

/**
 * CMS rich text is Markdown: Strapi's "Rich text (Markdown)" field, written with its editor's
 * toolbar (bold, italic, underline, strikethrough, headings, quote, code, lists, link, image).
 * It is turned into HTML with marked and then sanitized, so raw HTML an editor types (which
 * Markdown allows, and which older entries hold) still shows, and a compromised or careless
 * entry cannot run script in a teacher's session.
 */
const markdown = new Marked({
  async: false,
  gfm: true,
  // The admin's preview (markdown-it with `breaks: true`) shows a single line break as a break;
  // an editor's line-by-line lyrics should look the same in the app as in the preview.
  breaks: true,
  renderer: {
    // The page (or the slide) owns the one h1; an editor's "# Heading" is a section of it.
    // Shifting every level down keeps the outline a screen reader announces in order.
    heading({ tokens, depth }) {
      const level = Math.min(depth + 1, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

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

// Markdown to sanitized HTML costs about a millisecond a text (DOMPurify rebuilds its allow-lists
// on every call), and lesson mode paid it on every slide change, twice for a slide's main text.
// The answer depends on the text alone, so it is kept: a slide the class goes back to, or one
// warmed while the previous slide showed (use-preload-slide), renders without it. Bounded, oldest
// first out, so a long session with many lessons does not grow it without end.
const converted = new Map<string, string>();
const CONVERTED_LIMIT = 500;

/** An editor's Markdown as sanitized HTML, safe to put in the page. */
export function markdownToHtml(text: string): string {
  const known = converted.get(text);
  if (known !== undefined) return known;
  const html = sanitizeHtml(markdown.parse(text, { async: false })).trim();
  if (converted.size >= CONVERTED_LIMIT) converted.delete(converted.keys().next().value!);
  converted.set(text, html);
  return html;
}

/**
 * Renders a CMS rich-text (Markdown) field. The prop keeps its old name, `html`, so the many
 * callers did not change when the format became Markdown; HTML in it still renders.
 */
export function RichText({
  html,
  className,
}: {
  html: string | null | undefined;
  className?: string;
}) {
  const clean = useMemo(() => (html ? markdownToHtml(html) : ''), [html]);
  if (!clean) return null;
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
