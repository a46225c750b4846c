import '../../lib/ui/content.css';
import { RichText, useRichTextHtml } from '../../lib/ui/rich-text';

/**
 * The words of a recording or film (a song's lyrics, a video's transcript) behind a "Transcript"
 * disclosure under its player: the text alternative WCAG 1.2.1 asks for audio, and a way to read
 * along. It is part of the CMS answer, so it is stored with a download and opens offline.
 */
export function Transcript({ html, title }: { html: string | null | undefined; title?: string }) {
  // An old stored Markdown text waiting for its renderer (undefined) has words to offer.
  const clean = useRichTextHtml(html);
  if (clean === '') return null;
  return (
    <details className="transcript">
      <summary>
        Transcript
        {title && <span className="visually-hidden">: {title}</span>}
      </summary>
      <RichText html={html} className="transcript__text" />
    </details>
  );
}
