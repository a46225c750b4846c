'use strict';

const { words } = require('./text');
const { programmePage, contentsPath } = require('./sources');

const CUSTOM_SCHEME = 'api::custom-scheme.custom-scheme';
/** A teacher's units read for one search, newest first: a teacher has a few, never this many. */
const OWN_UNITS_CAP = 200;

/**
 * The signed-in teacher's own custom units in a search (kind 'custom unit'). They are not in the
 * full-text index, which holds published catalogue content for everyone: each search reads the
 * asker's own units with one owner-scoped query (owner = the asker, newest 200) and matches their
 * titles here. This is a scan of one teacher's own few units, never of every document; another
 * teacher's units and a visitor (no user) are never read.
 *
 * @param {any} strapi
 * @param {{ id: number } | null | undefined} user
 */
async function readOwnUnits(strapi, user) {
  if (!user?.id) return [];
  const units = await strapi.db.query(CUSTOM_SCHEME).findMany({
    where: { owner: { id: user.id } },
    select: ['documentId', 'title'],
    populate: {
      audience: { select: ['slug', 'title'] },
      programme: { select: ['slug', 'title', 'documentId'] },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    limit: OWN_UNITS_CAP,
  });
  // Where each unit's programme is in the app, read once per programme (./sources.js).
  const places = new Map();
  for (const unit of units) {
    if (!unit.audience || !unit.programme) continue;
    const key = `${unit.audience.slug} ${unit.programme.documentId}`;
    if (!places.has(key))
      places.set(
        key,
        Promise.all([
          programmePage(strapi, unit.audience, unit.programme),
          contentsPath(unit.audience, unit.programme),
        ]),
      );
    [unit.programmePage, unit.programmeContents] = await places.get(key);
  }
  return units;
}

/** Whether `phrase` (words) starts words of `titleWords` in order, one after the other. */
const phraseAt = (titleWords, phrase) =>
  titleWords.some((_, start) =>
    phrase.every((word, offset) => (titleWords[start + offset] ?? '').startsWith(word)),
  );

/**
 * Whether a title answers a parsed query (text.parseQuery): every term begins a word of the
 * title, case-insensitively ("sam" finds "Samba"), and every quoted phrase's words begin words of
 * the title in that order, next to each other. As typed: no stems, no typo corrections.
 *
 * @param {string} title
 * @param {{ terms: string[], phrases: string[][] }} parsed
 */
function titleMatches(title, parsed) {
  if (parsed.terms.length === 0 && parsed.phrases.length === 0) return false;
  const titleWords = words(title);
  return (
    parsed.terms.every((term) => titleWords.some((word) => word.startsWith(term))) &&
    parsed.phrases.every((phrase) => phraseAt(titleWords, phrase))
  );
}

/** A custom unit as a search result, in the shape of the catalogue's results. */
function ownUnitHit(unit) {
  const audience = unit.audience ? { slug: unit.audience.slug, title: unit.audience.title } : null;
  const programme = unit.programme ?? null;
  // Read with the unit (readOwnUnits): the programme's page, and where what sits in it is.
  const base = audience && programme ? unit.programmeContents : null;
  return {
    kind: 'custom unit',
    type: CUSTOM_SCHEME,
    documentId: unit.documentId,
    title: unit.title,
    audience,
    place: base ? [{ kind: 'programme', title: programme.title, href: unit.programmePage }] : [],
    // The app's page for a unit of no programme is /custom-unit/{unit}.
    href: base ? `${base}/custom-unit/${unit.documentId}` : `/custom-unit/${unit.documentId}`,
    time: null,
    keyStages: [],
    activityType: null,
    snippet: [],
  };
}

/**
 * The units among `units` (newest first) whose titles answer the query, as results: a title the
 * search names whole, or starts with, first (`bonus`, the catalogue's own title rule), else newest
 * first.
 *
 * @param {any[]} units
 * @param {{ terms: string[], phrases: string[][] }} parsed
 * @param {(title: string) => number} bonus
 */
function matchOwnUnits(units, parsed, bonus) {
  return units
    .filter((unit) => typeof unit.title === 'string' && titleMatches(unit.title, parsed))
    .map((unit, order) => ({ unit, order, score: bonus(unit.title) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ unit }) => ownUnitHit(unit));
}

module.exports = { readOwnUnits, matchOwnUnits, titleMatches, OWN_UNITS_CAP };
