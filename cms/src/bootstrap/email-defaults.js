'use strict';

/**
 * Every e-mail the CMS sends passes here (the e-mail plugin's provider), so what every e-mail
 * needs is done once:
 * - it carries the configured sender (EMAIL_FROM) and Reply-To (EMAIL_REPLY_TO) unless its
 *   caller named its own. users-permissions passes its templates' blank reply-to ('') for the
 *   reset and confirmation e-mails, which the providers take as "no Reply-To": a teacher
 *   answering one would reach nobody. Blank is dropped, so the defaults apply.
 * - its plain-text part is text. users-permissions sends its HTML template as both parts, so a
 *   mail client showing the text part showed raw <p> tags: a text part that is HTML is replaced
 *   by a readable one made from it.
 */
function fillEmailDefaults(strapi) {
  const provider = strapi.plugin('email').provider;
  const send = provider.send.bind(provider);
  provider.send = (options) => send(withReadableText(withoutBlanks(options)));
}

/** @param {Record<string, unknown>} options */
function withoutBlanks(options) {
  const filled = { ...options };
  for (const key of ['from', 'replyTo'])
    if (typeof filled[key] === 'string' && filled[key].trim() === '') delete filled[key];
  return filled;
}

// An element tag (<p>, </a>, <br/>, <!-- -->): plain text with a "<" in it ("a < b") is no tag.
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|<!--[\s\S]*?-->/i;

/** @param {Record<string, unknown>} options */
function withReadableText(options) {
  const { text, html } = options;
  if (typeof text !== 'string') return options;
  if (text !== html && !TAG.test(text)) return options;
  return { ...options, text: readableText(text) };
}

const NAMED_ENTITIES = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
};

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === '#') {
      const code =
        name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Readable plain text from an e-mail's HTML: paragraphs and blocks become blank-line-separated,
 * <br> a line break, a link its text followed by its address (or the address alone when the text
 * is the address), list items lines starting "- ", every other tag dropped, entities decoded.
 * @param {string} html
 */
function readableText(html) {
  const href = (attributes) =>
    /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes)?.slice(1).find(Boolean);
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi, (_, attributes, inner) => {
      // Entities are decoded once, at the end, with the rest.
      const address = href(attributes)?.trim() ?? '';
      const label = inner
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (!address) return label;
      return !label || label === address ? address : `${label} (${address})`;
    })
    .replace(/[ \t]*\r?\n[ \t]*/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/?(p|div|h[1-6]|ul|ol|table|tr|blockquote|section|header|footer)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

module.exports = { fillEmailDefaults, withoutBlanks, withReadableText, readableText };
