/**
 * How an editor's Markdown (Strapi's "Rich text (Markdown)" field) becomes HTML, for marked.
 * One place for both renderers: the CMS's (utils/markdown-html.js: GraphQL, the playlist
 * changes and the draft preview answer HTML) and the app's fallback for answers it stored
 * before the CMS did (src/lib/ui/old-markdown.ts), so both give the same HTML for a text.
 */
export const MARKDOWN_RULES = {
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
};
