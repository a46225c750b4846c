import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * CMS rich text is HTML written by editors; it is sanitized before it reaches the DOM so that a
 * compromised or careless entry cannot run script in a teacher's session.
 */
// An editor's image with no alternative text would be read out as its file name; with alt=""
// it is skipped as decorative, which is the better of the two for a teacher using a screen reader.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
});

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

export function RichText({
  html,
  className,
}: {
  html: string | null | undefined;
  className?: string;
}) {
  const clean = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  if (!clean) return null;
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
