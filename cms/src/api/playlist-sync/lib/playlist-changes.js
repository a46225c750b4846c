'use strict';

const { createHash } = require('node:crypto');
const { PLAYLIST } = require('./playlist-state');
const { TOMBSTONE_RETENTION_MS, clientIdOfRow, tombstonesSince } = require('./tombstones');
const { markdownRenderer } = require('../../../utils/markdown-html');

/**
 * The teacher's playlists changed since a device's cursor, so a quiet reconnect is one small
 * request, not the whole library.
 *
 * Why the cursor is a time with an overlap, and not the last row seen: playlists are stamped with
 * updatedAt when a write starts, but another transaction (or another CMS instance) may commit a
 * row stamped earlier than one this pull already saw. So the next pull asks again for everything
 * stamped since OVERLAP_MS before this pull began, which must outlast any write's stamp-to-commit
 * time plus the clock difference between instances. No row-position tie-break is needed because
 * nothing is skipped by position: every row in the window is looked at again. What the device
 * already has from that window is listed in the cursor itself (a 48-bit hash of each document id
 * and version, and the tombstone ids), so it is not sent twice: a version changes with every
 * write (bootstrap/playlist-versions.js and this route), and a recreated playlist has a new
 * document id. Hashes keep the cursor, and so a quiet reconnect's answer, small (8 characters a
 * playlist changed in the last minute); two versions of one playlist sharing a hash is a 2^-48
 * chance, and would only delay that change to the playlist's next write or whole pull.
 */
const OVERLAP_MS = 60_000;
const CURSOR_FORMAT = 1;
/** Client ids the device asks for whatever their time: items it holds without card details. */
const MAX_INCLUDE = 200;
const MAX_CURSOR_LENGTH = 64_000;

// Read with the Query Engine, not the Document Service: measured, the Document Service populates
// 5,000 items several times slower (its per-entry transforms), and the GraphQL Playlists query,
// which resolves each item's relation on its own, is 20 times slower again. The owner scoping the
// ownership middleware would add is in the query itself, and only the fields the app's cards show
// are read (none of them subscriber-only: bootstrap/subscriber-fields.js).
const PLAYLIST_FIELDS = ['documentId', 'title', 'client_id', 'updatedAt', 'version', 'conflicts'];
const COMPONENT_FIELDS = ['id', 'item_key', 'title', 'context_path'];
const PULL_POPULATE = {
  audience: { select: ['documentId', 'title'] },
  playlist_item: {
    on: {
      'playlists.activity': {
        select: COMPONENT_FIELDS,
        populate: { item: { select: ['documentId'] } },
      },
      'playlists.audio-item': {
        select: COMPONENT_FIELDS,
        populate: { item: { select: ['documentId', 'url', 'caption', 'name', 'size'] } },
      },
    },
  },
};
const ACTIVITY = 'api::activity-page.activity-page';
const ACTIVITY_CARD_FIELDS = ['documentId', 'title', 'time', 'type', 'introduction'];
const TYPENAME = {
  'playlists.activity': 'ComponentPlaylistsActivity',
  'playlists.audio-item': 'ComponentPlaylistsAudioItem',
};
/** A dynamic-zone component's uid, as the Query Engine names it (`__type`) or the Document Service (`__component`). */
const componentUid = (component) => component.__type ?? component.__component;

const HASH_CHARS = 8;
/** 48 bits of a playlist version's identity, as 8 base64url characters. */
const versionHash = (row) =>
  createHash('sha256')
    .update(`${row.documentId}:${row.version ?? 0}`)
    .digest('base64url')
    .slice(0, HASH_CHARS);

/** @returns {{ t: number, p: Set<string>, d: number[] } | null} null: no usable cursor. */
function decodeCursor(text) {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_CURSOR_LENGTH) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      value?.f !== CURSOR_FORMAT ||
      !Number.isFinite(value.t) ||
      typeof value.p !== 'string' ||
      !Array.isArray(value.d)
    )
      return null;
    const seen = new Set();
    for (let at = 0; at + HASH_CHARS <= value.p.length; at += HASH_CHARS)
      seen.add(value.p.slice(at, at + HASH_CHARS));
    return { t: value.t, p: seen, d: value.d.filter(Number.isInteger) };
  } catch {
    return null;
  }
}

/** The cursor as the device keeps it: opaque, plain JSON in base64url. */
const encodeCursor = ({ t, p, d }) =>
  Buffer.from(JSON.stringify({ f: CURSOR_FORMAT, t, p: p.join(''), d })).toString('base64url');

const timeOf = (value) => (value instanceof Date ? value.getTime() : new Date(value).getTime());

/**
 * The published card (title, time, type and introduction as HTML, as GraphQL answers rich text)
 * of every activity the playlists name, each read once. A playlist item's relation may point at
 * the activity's draft row (Strapi 5 keeps a draft and a published row per document, and the
 * Query Engine reads either): a card must show what is published, never an editor's unsaved
 * next term. An activity with no published version has no card, as if deleted.
 */
async function publishedActivityCards(strapi, docs) {
  const ids = new Set();
  for (const doc of docs) {
    for (const component of doc.playlist_item ?? []) {
      if (componentUid(component) === 'playlists.activity' && component.item?.documentId)
        ids.add(component.item.documentId);
    }
  }
  if (ids.size === 0) return new Map();
  const rows = await strapi.db.query(ACTIVITY).findMany({
    where: { documentId: { $in: [...ids] }, publishedAt: { $notNull: true } },
    select: ACTIVITY_CARD_FIELDS,
  });
  const toHtml = await markdownRenderer();
  return new Map(
    rows.map((row) => [
      row.documentId,
      { title: row.title, time: row.time, type: row.type, introduction: toHtml(row.introduction) },
    ]),
  );
}

/**
 * The same shape as the GraphQL Playlists query answers (src/lib/sync/playlist-mapping.ts). With
 * `shared`, an activity item names its activity only and the answer's `activityCards` holds each
 * card once (a library of 5,000 items names a few dozen activities: with a card per item it
 * measured 1.97 MB, most of it the same introductions again); without it, each item carries its
 * card, as the app did before (a device still running it until it updates).
 */
function toServerPlaylist(doc, cards, shared) {
  const item = (component) => {
    if (!component.item) return null;
    const { id: _id, ...fields } = component.item;
    if (componentUid(component) !== 'playlists.activity') return fields;
    const card = cards.get(fields.documentId);
    if (!card) return null;
    return shared ? { documentId: fields.documentId } : { documentId: fields.documentId, ...card };
  };
  return {
    documentId: doc.documentId,
    title: doc.title,
    client_id: doc.client_id ?? null,
    updatedAt: doc.updatedAt ? new Date(doc.updatedAt).toISOString() : null,
    version: doc.version ?? 0,
    conflicts: doc.conflicts ?? null,
    audience: doc.audience
      ? { documentId: doc.audience.documentId, title: doc.audience.title }
      : null,
    playlist_item: (doc.playlist_item ?? [])
      .filter((component) => TYPENAME[componentUid(component)])
      .map((component) => ({
        __typename: TYPENAME[componentUid(component)],
        id: component.id,
        item_key: component.item_key ?? null,
        title: component.title ?? null,
        context_path: component.context_path ?? null,
        item: item(component),
      })),
  };
}

function includeFilter(include) {
  const own = include.filter((id) => !id.startsWith('cms-'));
  const bare = include.filter((id) => id.startsWith('cms-')).map((id) => id.slice(4));
  return [
    ...(own.length > 0 ? [{ client_id: { $in: own } }] : []),
    ...(bare.length > 0 ? [{ documentId: { $in: bare }, client_id: { $null: true } }] : []),
  ];
}

/**
 * @param {any} strapi
 * @param {{ id: number }} user the signed-in teacher: every read below is scoped to them.
 * @param {{ since?: unknown, include?: unknown, activityCards?: unknown }} request
 *   activityCards 'shared': each activity's card once, in `activityCards` (see toServerPlaylist).
 */
async function playlistChanges(strapi, user, { since, include, activityCards }) {
  const now = Date.now();
  const cursor = decodeCursor(since);
  // No cursor, one this CMS cannot read, or one older than the tombstones kept (or from the
  // future: a clock put back): the whole library, and the device treats what is missing as deleted.
  const full = !cursor || cursor.t < now - TOMBSTONE_RETENTION_MS || cursor.t > now;
  const from = full ? now - OVERLAP_MS : cursor.t;
  const next = full ? from : Math.max(now - OVERLAP_MS, cursor.t);
  const asked = Array.isArray(include)
    ? include.filter((id) => typeof id === 'string' && id.length <= 100).slice(0, MAX_INCLUDE)
    : [];

  const owned = { owner: { id: user.id } };
  const recent = { updatedAt: { $gte: new Date(from) } };
  const where = full ? owned : { $and: [owned, { $or: [recent, ...includeFilter(asked)] }] };
  const rows = await strapi.db
    .query(PLAYLIST)
    .findMany({ where, select: ['documentId', 'client_id', 'version', 'updatedAt'] });

  const askedSet = new Set(asked);
  const send = rows.filter(
    (row) => full || askedSet.has(clientIdOfRow(row)) || !cursor.p.has(versionHash(row)),
  );
  const docs =
    send.length === 0
      ? []
      : await strapi.db.query(PLAYLIST).findMany({
          where: { $and: [owned, { documentId: { $in: send.map((row) => row.documentId) } }] },
          select: PLAYLIST_FIELDS,
          populate: PULL_POPULATE,
        });

  const tombstones = await tombstonesSince(strapi, user.id, Math.min(from, next));
  let deleted = [];
  if (!full) {
    const fresh = tombstones.filter(
      (tombstone) => tombstone.deletedAt >= from && !cursor.d.includes(tombstone.id),
    );
    // A playlist made again with the same client id (an edit after a delete) is not deleted.
    const present = new Set(
      fresh.length === 0
        ? []
        : (
            await strapi.db.query(PLAYLIST).findMany({
              where: {
                $and: [owned, { $or: includeFilter(fresh.map((tombstone) => tombstone.clientId)) }],
              },
              select: ['documentId', 'client_id'],
            })
          ).map(clientIdOfRow),
    );
    deleted = [
      ...new Set(
        fresh.map((tombstone) => tombstone.clientId).filter((clientId) => !present.has(clientId)),
      ),
    ];
  }

  const seen = rows.filter((row) => timeOf(row.updatedAt) >= next).map(versionHash);
  const seenTombstones = tombstones
    .filter((tombstone) => tombstone.deletedAt >= next)
    .map((tombstone) => tombstone.id);
  const cards = await publishedActivityCards(strapi, docs);
  const shared = activityCards === 'shared';
  return {
    full,
    playlists: docs.map((doc) => toServerPlaylist(doc, cards, shared)),
    ...(shared ? { activityCards: Object.fromEntries(cards) } : {}),
    deleted,
    cursor: encodeCursor({ t: next, p: seen, d: seenTombstones }),
  };
}

module.exports = { playlistChanges, decodeCursor, encodeCursor, OVERLAP_MS };
