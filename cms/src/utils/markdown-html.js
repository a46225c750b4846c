'use strict';

/**
 * CMS rich text as the app renders it: the CMS turns an editor's Markdown into HTML once, so the
 * app's first load does not carry marked. The rules are the app's own (markdown-rules.mjs). The
 * HTML is not sanitized here: the app sanitizes whatever it shows, and an editor's raw HTML passes
 * through marked as it always did.
 *
 * marked is an ES module; CommonJS reaches it through import(), once.
 */
let loading;
function loadRenderer() {
  loading ??= Promise.all([
    import('marked'),
    import('@music-classroom/shared/markdown-rules'),
  ]).then(([{ Marked }, { MARKDOWN_RULES }]) => new Marked(MARKDOWN_RULES));
  return loading;
}

// The same texts are asked for again and again (a programme's blurb on every page that lists
// it, a home page on every visit): each is rendered once. Bounded, oldest first out.
const rendered = new Map();
const RENDERED_LIMIT = 2000;

function remember(text, html) {
  if (rendered.size >= RENDERED_LIMIT) rendered.delete(rendered.keys().next().value);
  rendered.set(text, html);
  return html;
}

/**
 * Loads marked and returns a synchronous Markdown-to-HTML function for the callers that convert
 * many texts in one go. null and undefined stay as they are (a field with no text).
 */
async function markdownRenderer() {
  const marked = await loadRenderer();
  return (text) => {
    if (typeof text !== 'string') return text;
    const known = rendered.get(text);
    if (known !== undefined) return known;
    return remember(text, marked.parse(text, { async: false }).trim());
  };
}

/** One text's HTML (null and undefined stay as they are). */
async function markdownToHtml(text) {
  if (typeof text !== 'string') return text;
  const known = rendered.get(text);
  if (known !== undefined) return known;
  return (await markdownRenderer())(text);
}

module.exports = { markdownToHtml, markdownRenderer };
