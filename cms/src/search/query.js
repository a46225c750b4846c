'use strict';

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
  for (const term of parsed.terms) {
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
