import { useEffect, useReducer } from 'react';
import { richTextToHtml, whenOldMarkdownLoads } from './rich-text-html';
import './rich-text.css';

export { richTextToHtml, sanitizeHtml } from './rich-text-html';

/**
 * A CMS rich text as sanitized HTML: '' when nothing shows, undefined for the moment an old
 * stored Markdown text waits for its renderer (the component renders again when it arrives).
 */
export function useRichTextHtml(text: string | null | undefined): string | undefined {
  const html = text ? richTextToHtml(text) : '';
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  const pending = html === undefined;
  useEffect(() => (pending ? whenOldMarkdownLoads(arrived) : undefined), [pending]);
  return html;
}

/**
 * Renders a CMS rich-text field: HTML the CMS rendered from the editor's Markdown (or Markdown
 * in an answer stored before it did: see rich-text-html.ts). The prop is named `html` because
 * that is what the CMS answers.
 */
export function RichText({
  html,
  className,
}: {
  html: string | null | undefined;
  className?: string;
}) {
  const clean = useRichTextHtml(html);
  if (!clean) return null;
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
