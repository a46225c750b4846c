import MiniSearch from 'minisearch';
import type { DeviceSearchItem } from '../../lib/db/database';
import { refreshBrowsedIndex, refreshSearchIndex } from '../../lib/offline/device-search-index';
import { readUser } from '../../lib/session/session-storage';
import { db } from '../../lib/db/database';
import type { SearchAnswer, SearchHit, SearchParams } from './search-cms';

/**
 * Offline search over what this device holds (MiniSearch: prefix and fuzzy matching, the title
 * weighted above the text), built in memory from the device's index (src/lib/offline/
 * device-search-index.ts) when first asked for and again whenever that index changed.
 */

interface Entry extends DeviceSearchItem {
  id: string;
}

/** A light English stemmer, the same for the index and the query ("drumming" finds "drum"). */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length <= 4) return lower;
  for (const [suffix, keep] of [
    ['ings', 0],
    ['ing', 0],
    ['ies', 'y'],
    ['ied', 'y'],
    ['es', 0],
    ['ed', 0],
    ['s', 0],
  ] as const) {
    if (lower.endsWith(suffix) && lower.length - suffix.length >= 3) {
      let base = lower.slice(0, -suffix.length) + (keep || '');
      // drumming → drumm → drum
      if (!keep && /([^aeiouls])\1$/.test(base)) base = base.slice(0, -1);
      if (suffix === 'es' && !/(ss|sh|ch|x|z)$/.test(base)) base = lower.slice(0, -1);
      return base;
    }
  }
  return lower;
}

export function createDeviceIndex(items: Entry[]): MiniSearch<Entry> {
  const index = new MiniSearch<Entry>({
    fields: ['title', 'body'],
    storeFields: ['documentId', 'kind', 'title', 'href', 'place', 'time', 'body'],
    processTerm: (term) => stem(term),
    searchOptions: { boost: { title: 3 }, prefix: true, combineWith: 'AND' },
  });
  index.addAll(items);
  entriesOf.set(index, items);
  return index;
}

const normal = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/** The entries an index was made from, in their order. */
const entriesOf = new WeakMap<MiniSearch<Entry>, Entry[]>();

interface Words {
  title: string;
  all: string;
}
/**
 * Each entry's words (its title's, and all of them), lower case, each after a space, made once per
 * index when first needed.
 */
const wordsOf = new WeakMap<MiniSearch<Entry>, Map<string, Words>>();
function entryWords(index: MiniSearch<Entry>, entry: Entry): Words {
  let known = wordsOf.get(index);
  if (!known) {
    known = new Map();
    wordsOf.set(index, known);
  }
  let words = known.get(entry.id);
  if (words === undefined) {
    const title = ` ${normal(entry.title)}`;
    words = { title, all: `${title} ${normal(entry.body)}` };
    known.set(entry.id, words);
  }
  return words;
}

/**
 * Words as typed (and as prefixes of longer ones) first; only a search that finds nothing is read
 * again with typos allowed, as the CMS's search does. Edits allowed by length: a swap of two
 * letters ("smaba") counts two. The typo pass is the slow one, so a keystroke that finds
 * something never pays for it.
 *
 * A one-letter word ("rhythm p", as the teacher types "pulse") is the start of a word: expanded
 * over the whole index it is every word with that letter, so it is checked on the entries instead:
 * on what the longer words find, or, with no longer word, on every entry (those with it in the
 * title first). The same entries match; it adds nothing to their order.
 */
function matches(index: MiniSearch<Entry>, query: string): Entry[] {
  const words = normal(query).split(' ').filter(Boolean);
  const longer = words.filter((word) => word.length > 1);
  const initials = words.filter((word) => word.length === 1);
  const hasInitials = (entry: Entry) => {
    const { all } = entryWords(index, entry);
    return initials.every((initial) => all.includes(` ${initial}`));
  };
  if (longer.length === 0 && initials.length > 0) {
    const inTitle: Entry[] = [];
    const inText: Entry[] = [];
    for (const entry of entriesOf.get(index) ?? []) {
      if (!hasInitials(entry)) continue;
      const { title } = entryWords(index, entry);
      (initials.some((initial) => title.includes(` ${initial}`)) ? inTitle : inText).push(entry);
    }
    return [...inTitle, ...inText];
  }
  const searched = initials.length > 0 ? longer.join(' ') : query;
  const run = (options?: Parameters<MiniSearch<Entry>['search']>[1]) => {
    const found = index.search(searched, options) as unknown as Entry[];
    return initials.length > 0 ? found.filter(hasInitials) : found;
  };
  const found = run();
  return found.length > 0
    ? found
    : run({ fuzzy: (term) => (term.length < 4 ? 0 : term.length < 5 ? 1 : 2) });
}

/**
 * Answers a search from an index, in the CMS's answer shape (phrases in quotes kept in order).
 * Every match counts in the total and the facets; only the shown ones become results.
 */
export function searchIndex(
  index: MiniSearch<Entry>,
  params: SearchParams,
  items: number,
): SearchAnswer {
  const phrases = [...params.q.matchAll(/"([^"]+)"/g)].map((found) => normal(found[1]!));
  const query = params.q.replace(/"/g, ' ').trim();
  const seen = new Set<string>();
  const facets: SearchAnswer['facets'] = { kind: {}, audience: {}, time: {} };
  const kept: Entry[] = [];
  for (const entry of query ? matches(index, query) : []) {
    if (seen.has(entry.documentId)) continue;
    if (phrases.length > 0) {
      const { all } = entryWords(index, entry);
      if (phrases.some((phrase) => !all.includes(phrase))) continue;
    }
    seen.add(entry.documentId);
    facets.kind[entry.kind] = (facets.kind[entry.kind] ?? 0) + 1;
    if (entry.time) facets.time[entry.time] = (facets.time[entry.time] ?? 0) + 1;
    if (
      (!params.kind || entry.kind === params.kind) &&
      (!params.time || entry.time === params.time)
    )
      kept.push(entry);
  }
  return {
    total: kept.length,
    corrected: null,
    facets,
    results: kept.slice(0, params.limit ?? 50).map((entry): SearchHit => ({
      kind: entry.kind,
      documentId: entry.documentId,
      title: entry.title,
      href: entry.href,
      audience: null,
      place: entry.place,
      time: entry.time,
      activityType: null,
      snippet: entry.body ? [{ text: entry.body.slice(0, 160), match: false }] : [],
    })),
    device: { items },
  };
}

let built: { key: string; index: MiniSearch<Entry>; items: number } | null = null;

/** This teacher's playlists, as this device shows them (local first). */
async function playlistEntries(userId: string): Promise<Entry[]> {
  const playlists = await db.playlists.where('userId').equals(userId).toArray();
  return playlists
    .filter((playlist) => !playlist.deleted)
    .map((playlist) => ({
      id: `playlist|${playlist.clientId}`,
      documentId: playlist.clientId,
      kind: 'playlist',
      title: playlist.title,
      body: playlist.items.map((item) => item.title).join(' '),
      // The playlist page is addressed by the client id, synced or not.
      href: `/playlists/${playlist.clientId}`,
      place: [],
      time: null,
    }));
}

/**
 * Offline, a result must open: an object whose own page the device does not hold (an activity
 * listed on a downloaded lesson, a unit listed on a programme's page) opens the stored page that
 * shows it instead.
 */
export function openable(items: DeviceSearchItem[]): DeviceSearchItem[] {
  const held = new Set(items.filter((item) => item.ownPage !== false).map((item) => item.href));
  return items.map((item) =>
    held.has(item.href) || !item.shownOn ? item : { ...item, href: item.shownOn },
  );
}

/**
 * One entry per object, however many stored pages hold it: the one that opens the object's own
 * page (a unit's page rather than its programme's, which lists it), then the one with most text.
 */
export function oneEach(items: DeviceSearchItem[]): Entry[] {
  const best = new Map<string, DeviceSearchItem>();
  const ownPage = (item: DeviceSearchItem) => item.href.endsWith(`/${item.documentId}`);
  for (const item of items) {
    const held = best.get(item.documentId);
    if (
      !held ||
      (ownPage(item) && !ownPage(held)) ||
      (ownPage(item) === ownPage(held) && item.body.length > held.body.length)
    )
      best.set(item.documentId, item);
  }
  return [...best.values()].map((item) => ({ ...item, id: item.documentId }));
}

/** Offline search over this device's own index (empty for a visitor: nothing is stored). */
export async function searchDevice(params: SearchParams): Promise<SearchAnswer> {
  const userId = readUser()?.id;
  if (userId === undefined) return searchIndex(createDeviceIndex([]), params, 0);
  const id = String(userId);
  const rows = [...(await refreshSearchIndex(id)), ...(await refreshBrowsedIndex(id))];
  const playlists = await playlistEntries(id);
  const key = [
    id,
    ...rows.map((row) => `${row.id}@${row.signature}`),
    ...playlists.map((p) => `${p.id}:${p.title}:${p.body}`),
  ].join('|');
  if (built?.key !== key) {
    const entries = [...oneEach(openable(rows.flatMap((row) => row.items))), ...playlists];
    built = { key, index: createDeviceIndex(entries), items: entries.length };
  }
  return searchIndex(built.index, params, built.items);
}

/**
 * Online, the CMS searches the catalogue; the teacher's playlists are answered by this device,
 * which shows them as the teacher last left them (edits not yet synced included). They come first
 * among the results, count in the total and the facets, and follow the kind filter; a time,
 * audience or key stage filter leaves them out (a playlist has none).
 */
export async function withOwnPlaylists(
  answer: SearchAnswer,
  params: SearchParams,
): Promise<SearchAnswer> {
  const userId = readUser()?.id;
  const query = params.q.replace(/"/g, ' ').trim();
  if (userId === undefined || !query) return answer;
  const own = searchIndex(
    createDeviceIndex(await playlistEntries(String(userId))),
    { q: params.q, limit: params.limit },
    0,
  );
  const found = own.facets.kind.playlist ?? 0;
  if (found === 0) return answer;
  const shown =
    (!params.kind || params.kind === 'playlist') &&
    !params.time &&
    !params.audience &&
    !params.keyStage
      ? own.results
      : [];
  return {
    ...answer,
    total: answer.total + (shown.length > 0 ? own.total : 0),
    facets: { ...answer.facets, kind: { ...answer.facets.kind, playlist: found } },
    results: [...shown, ...answer.results].slice(0, params.limit ?? 50),
  };
}
