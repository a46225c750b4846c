'use strict';

const { errors } = require('@strapi/utils');
const { isSubscriber, SUBSCRIBER_TYPES } = require('./roles');
const { createSubscriberQueryRules } = require('./subscriber-query-rules');

/**
 * What a playlist item may point at (spec part 1, section 5: a playlist holds activities and
 * recordings from the audio library). A playlist's owner reads its items back with their
 * targets populated (REST, GraphQL, the sync route's pull), so a reference to any other entry
 * or file would hand its URL and contents to whoever wrote it:
 * - an activity item: a published activity page;
 * - an audio item: an audio file that a published audio page holds as an excerpt's recording
 *   (where the app's "Add to playlist" for audio comes from), and which the reader may open.
 * Used by the Document Service middleware (bootstrap/playlist-limits.js: REST, GraphQL, the
 * admin panel, the seed) and by the sync route (api/playlist-sync/lib/playlist-state.js).
 */
const ACTIVITY_PAGE = 'api::activity-page.activity-page';
const AUDIO_PAGE = 'api::audio-page.audio-page';
const FILE = 'plugin::upload.file';
const ACTIVITY = 'playlists.activity';
const AUDIO_ITEM = 'playlists.audio-item';
// One message whatever was wrong, so a refusal says nothing about which ids exist.
const REFUSAL = 'A playlist item must be an activity or a recording from the audio library.';

/**
 * The entries a relation or media value names, as { id } or { documentId }, in the forms Strapi
 * takes (an id, a documentId, { id }, { documentId }, { connect }, { set }, a list of these);
 * [] for no target; null for any other shape, which is refused rather than guessed at.
 */
function referencesOf(value) {
  if (value === null || value === undefined) return [];
  if (typeof value === 'number') return Number.isSafeInteger(value) ? [{ id: value }] : null;
  // A GraphQL ID is a string: digits name a row (a file's id), anything else a document.
  if (typeof value === 'string')
    return /^\d{1,15}$/.test(value) ? [{ id: Number(value) }] : [{ documentId: value }];
  if (Array.isArray(value)) {
    const all = value.map(referencesOf);
    return all.includes(null) ? null : all.flat();
  }
  if (typeof value !== 'object') return null;
  const keys = Object.keys(value);
  if (
    keys.every(
      (key) => key === 'connect' || key === 'set' || key === 'disconnect' || key === 'options',
    )
  ) {
    return referencesOf([...[value.connect ?? []].flat(), ...[value.set ?? []].flat()]);
  }
  if (typeof value.documentId === 'string') return [{ documentId: value.documentId }];
  if (value.id !== undefined) return referencesOf(value.id);
  return null;
}

const idsOf = (references) => references.filter((ref) => ref.id !== undefined).map((ref) => ref.id);
const documentIdsOf = (references) =>
  references.filter((ref) => ref.documentId !== undefined).map((ref) => ref.documentId);
const rowsWhere = (references) => ({
  $or: [{ id: { $in: idsOf(references) } }, { documentId: { $in: documentIdsOf(references) } }],
});

/**
 * Which references name a published activity page. A documentId is linked by the Document
 * Service to the published version; a row id must itself be the published row (a draft row
 * holds an editor's unpublished changes).
 */
async function activityVerdicts(strapi, references) {
  if (references.length === 0) return [];
  const rows = await strapi.db
    .query(ACTIVITY_PAGE)
    .findMany({ where: rowsWhere(references), select: ['id', 'documentId', 'publishedAt'] });
  const publishedIds = new Set(rows.filter((row) => row.publishedAt).map((row) => row.id));
  const publishedDocuments = new Set(
    rows.filter((row) => row.publishedAt).map((row) => row.documentId),
  );
  return references.map((ref) =>
    ref.id !== undefined ? publishedIds.has(ref.id) : publishedDocuments.has(ref.documentId),
  );
}

/** The reader may open the audio library's recordings (they are open to all unless audio pages become subscriber-only). */
function readerMayOpenAudioLibrary(strapi) {
  const rules = createSubscriberQueryRules((uid) => strapi.getModel(uid));
  if (!SUBSCRIBER_TYPES.includes(AUDIO_PAGE) && !rules.isHidden(AUDIO_PAGE, 'audio_excerpts'))
    return true;
  return isSubscriber(strapi.requestContext.get()?.state);
}

/** Which references name an audio file held as the recording of an excerpt of a published audio page. */
async function audioVerdicts(strapi, references) {
  if (references.length === 0) return [];
  if (!readerMayOpenAudioLibrary(strapi)) return references.map(() => false);
  const files = await strapi.db
    .query(FILE)
    .findMany({ where: rowsWhere(references), select: ['id', 'documentId', 'mime'] });
  const audioFiles = files.filter(
    (file) => typeof file.mime === 'string' && file.mime.startsWith('audio/'),
  );
  const pages = audioFiles.length
    ? await strapi.db.query(AUDIO_PAGE).findMany({
        where: {
          publishedAt: { $notNull: true },
          audio_excerpts: { audio_file: { id: { $in: audioFiles.map((file) => file.id) } } },
        },
        select: ['id'],
        populate: {
          audio_excerpts: { select: ['id'], populate: { audio_file: { select: ['id'] } } },
        },
      })
    : [];
  const inLibrary = new Set(
    pages.flatMap((page) => (page.audio_excerpts ?? []).map((excerpt) => excerpt.audio_file?.id)),
  );
  const allowed = audioFiles.filter((file) => inLibrary.has(file.id));
  const allowedIds = new Set(allowed.map((file) => file.id));
  const allowedDocuments = new Set(allowed.map((file) => file.documentId));
  return references.map((ref) =>
    ref.id !== undefined ? allowedIds.has(ref.id) : allowedDocuments.has(ref.documentId),
  );
}

const VERDICTS = { [ACTIVITY]: activityVerdicts, [AUDIO_ITEM]: audioVerdicts };

/**
 * The sync route's items ({ kind, itemId: documentId }) whose target may be stored: the others
 * are left out, as an item whose page was deleted is (a device may hold one that was fine when
 * it was added), so one stale item does not fail the device's whole batch.
 * @param {Record<string, string>} componentOfKind kind -> component uid
 */
async function permittedSyncItems(strapi, items, componentOfKind) {
  const kept = new Set();
  for (const [kind, uid] of Object.entries(componentOfKind)) {
    const documentIds = [
      ...new Set(
        items
          .filter((item) => item.kind === kind && typeof item.itemId === 'string')
          .map((item) => item.itemId),
      ),
    ];
    const verdicts = await VERDICTS[uid](
      strapi,
      documentIds.map((documentId) => ({ documentId })),
    );
    documentIds.forEach(
      (documentId, index) => verdicts[index] && kept.add(`${kind}:${documentId}`),
    );
  }
  return items.filter((item) => kept.has(`${item.kind}:${item.itemId}`));
}

/**
 * Refuses a playlist's dynamic zone data (a Document Service create or update) when any item
 * points anywhere else, with one fixed message. An item without a target is allowed (the app
 * shows none). Digits name a row by id (a GraphQL ID of a file); documentIds are never digits.
 */
async function assertPlaylistItemTargets(strapi, items) {
  if (!Array.isArray(items)) return;
  const refused = () => {
    throw new errors.ValidationError(REFUSAL, {
      errors: [{ path: ['playlist_item'], message: REFUSAL, name: 'ValidationError' }],
    });
  };
  const byComponent = new Map(Object.keys(VERDICTS).map((uid) => [uid, []]));
  for (const item of items) {
    if (!item || typeof item !== 'object' || !Object.prototype.hasOwnProperty.call(item, 'item'))
      continue;
    const references = referencesOf(item.item);
    if (references === null || !byComponent.has(item.__component)) refused();
    byComponent.get(item.__component).push(references);
  }
  for (const [uid, perItem] of byComponent) {
    // An item has one target at most: a list of several is not an item the app makes.
    if (perItem.some((references) => references.length > 1)) refused();
    const verdicts = await VERDICTS[uid](strapi, perItem.flat());
    if (verdicts.includes(false)) refused();
  }
}

module.exports = { REFUSAL, referencesOf, permittedSyncItems, assertPlaylistItemTargets };
