import { RichText, useRichTextHtml } from '../../../lib/ui/rich-text';

/** Past this many characters a slide's text is set smaller, so it leaves room for the media. */
export const LONG_SLIDE_TEXT = 160;

/** What the class reads: tags and a link's address do not count towards the length. */
function textLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&[#\w]+;/g, ' ')
    .trim().length;
}

/**
 * A slide's main text. Its size follows the screen's width and height (slide-fit.css); a long
 * text is set smaller rather than pushing the slide's pictures and videos off a projected screen.
 */
export function SlideText({ html }: { html: string | null | undefined }) {
  // An old stored Markdown text waiting for its renderer is measured as it stands.
  const clean = useRichTextHtml(html);
  if (!html) return null;
  const long = textLength(clean ?? html) > LONG_SLIDE_TEXT;
  return (
    <RichText html={html} className={long ? 'slide__text slide__text--long' : 'slide__text'} />
  );
}
