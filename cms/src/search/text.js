'use strict';

/**
 * Text helpers for the search index: rich text (Markdown, as editors write it) as plain words,
 * the words of a query, and the edit distance behind typo tolerance.
 */

/** Markdown or HTML as plain text: tags, link targets, images and emphasis marks go. */
function plainText(value) {
  if (value === null || value === undefined) return '';
  return String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|]+/g, ' ')
    .replace(/&[a-z]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower-case words of letters and digits (accents kept as letters). */
function words(text) {
  return (
    String(text ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter(Boolean);
}

/**
 * A query as bare terms and quoted phrases: `samba "call and response"` gives
 * { terms: ['samba'], phrases: [['call', 'and', 'response']] }. Only letters and digits reach
 * the database's query syntax.
 */
function parseQuery(raw) {
  const text = String(raw ?? '').slice(0, 200);
  const phrases = [];
  const rest = text.replace(/"([^"]*)"/g, (_, inner) => {
    const phrase = words(inner);
    if (phrase.length > 0) phrases.push(phrase);
    return ' ';
  });
  // An unclosed quote is a phrase still being typed: its words count as terms.
  const terms = words(rest).slice(0, 12);
  return { terms, phrases: phrases.slice(0, 4) };
}

/** Optimal-string-alignment distance (a swap of two neighbours is one edit), capped at max + 1. */
function editDistance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push(new Array(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j += 1) rows[0][j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    let best = max + 1;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2][j - 2] + 1);
      rows[i][j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

/** Edits a term of this length may be away from a word it stands for (none under 4 letters). */
const allowedEdits = (term) => (term.length < 4 ? 0 : term.length < 7 ? 1 : 2);

/**
 * Words of `vocabulary` a mistyped term may have meant, nearest first (at most three): "smaba"
 * gives ["samba"]. Empty when the term begins a word of the vocabulary (it is being typed).
 */
function corrections(term, vocabulary) {
  const max = allowedEdits(term);
  if (max === 0) return [];
  const found = [];
  for (const word of vocabulary) {
    if (word.startsWith(term)) return [];
    const distance = editDistance(term, word, max);
    if (distance <= max) found.push({ word, distance });
  }
  return found
    .sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word))
    .slice(0, 3)
    .map(({ word }) => word);
}

module.exports = { plainText, words, parseQuery, editDistance, corrections };
