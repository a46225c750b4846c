import { Marked } from 'marked';
import { MARKDOWN_RULES } from '@music-classroom/shared/markdown-rules';

/**
 * The Markdown renderer for rich text stored before the CMS answered HTML: a downloaded lesson,
 * the persisted query cache, the worker's cache. Its own chunk, loaded only when such a text is
 * shown (and precached by the worker like every chunk, so it works offline); the rules are the
 * CMS's own, so an old answer looks as a fresh one does.
 */
const markdown = new Marked(MARKDOWN_RULES);

/** Unsanitized HTML: the caller sanitizes it like any other. */
export function renderOldMarkdown(text: string): string {
  return markdown.parse(text, { async: false });
}
