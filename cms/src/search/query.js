'use strict';

// PostgreSQL's english stop words (tsearch_data/english.stop).
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/**
 * A parsed query (text.parseQuery) compiled for each database. Every bare term matches as a word
 * (stemmed: "drumming" finds "drum") or as the start of one ("sam" finds "Samba" as it is typed),
 * or as one of its corrections (typo tolerance); a quoted phrase matches those words in that order.
 * All groups must match. Terms hold only letters and digits (text.words), so nothing a user types
 * reaches the query syntax.
 *
 * @param {{ terms: string[], phrases: string[][] }} parsed
 * @param {Record<string, string[]>} [alternatives] term -> words it may have meant
 */
function compile(parsed, alternatives = {}) {
  const quote = (word) => `"${word}"`;
  const ftsGroups = [
    ...parsed.terms.map((term) =>
      [quote(term), `${quote(term)}*`, ...(alternatives[term] ?? []).map(quote)].join(' OR '),
    ),
    ...parsed.phrases.map((phrase) => quote(phrase.join(' '))),
  ].map((group) => `(${group})`);

  const sqlGroups = [];
  const bindings = [];
  // PostgreSQL's english configuration drops stop words from documents ("and", "the"), so a group
  // for one could never match: they are left out (FTS5 keeps every word, so they stay there).
  const meaningful = parsed.terms.filter((term) => !STOP_WORDS.has(term));
  for (const term of meaningful.length > 0 ? meaningful : parsed.terms) {
    const parts = [`to_tsquery('english', ?)`, `to_tsquery('simple', ?)`];
    bindings.push(term, `${term}:*`);
    for (const word of alternatives[term] ?? []) {
      parts.push(`to_tsquery('english', ?)`);
      bindings.push(word);
    }
    sqlGroups.push(`(${parts.join(' || ')})`);
  }
  for (const phrase of parsed.phrases) {
    sqlGroups.push(`websearch_to_tsquery('english', ?)`);
    bindings.push(`"${phrase.join(' ')}"`);
  }
  return {
    empty: ftsGroups.length === 0,
    fts: ftsGroups.join(' AND '),
    sql: sqlGroups.join(' && ') || `''::tsquery`,
    bindings,
  };
}

module.exports = { compile };
