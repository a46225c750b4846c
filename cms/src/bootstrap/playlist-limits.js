'use strict';

const { errors } = require('@strapi/utils');
const { PLAYLIST_LIMITS } = require('../utils/playlist-limits');
const { assertPlaylistItemTargets } = require('../utils/playlist-item-targets');

/**
 * Playlists and custom units keep to the bounds in utils/playlist-limits.js on every create and
 * update, whoever sends them (REST, GraphQL, the admin panel), as a Document Service middleware.
 * A refusal is a ValidationError: 400 over REST, BAD_USER_INPUT over GraphQL, with the field's
 * path, so the app can say what was wrong. A playlist's items may point only at what
 * utils/playlist-item-targets.js allows. The number of playlists per teacher is counted for
 * content API requests only (the seed and the admin panel act for nobody in particular).
 * Registered after the ownership middleware, so a replayed create that finds its first attempt is
 * answered before these checks, and the owner on a create is already the signed-in user.
 */
const PLAYLIST = 'api::playlist.playlist';
const CUSTOM_SCHEME = 'api::custom-scheme.custom-scheme';
const NOUNS = { [PLAYLIST]: 'playlist', [CUSTOM_SCHEME]: 'unit' };

function refuse(path, message) {
  throw new errors.ValidationError(message, {
    errors: [{ path, message, name: 'ValidationError' }],
  });
}

function checkTitle(data, isCreate, noun) {
  if (!isCreate && !Object.prototype.hasOwnProperty.call(data, 'title')) return;
  const { title } = data;
  if (typeof title !== 'string' || !title.trim())
    refuse(['title'], `Enter a name for the ${noun}.`);
  if (title.length > PLAYLIST_LIMITS.maxTitleLength) {
    refuse(
      ['title'],
      `The ${noun}'s name is too long: at most ${PLAYLIST_LIMITS.maxTitleLength} characters.`,
    );
  }
}

function checkItems(items) {
  if (items === undefined || items === null) return;
  if (!Array.isArray(items)) refuse(['playlist_item'], 'Playlist items must be a list.');
  if (items.length > PLAYLIST_LIMITS.maxItems) {
    refuse(
      ['playlist_item'],
      `A playlist can hold at most ${PLAYLIST_LIMITS.maxItems} items; this one has ${items.length}.`,
    );
  }
  items.forEach((item, index) => {
    const path = ['playlist_item', String(index)];
    // Any other component (a user profile, say) was once stored and then broke the owner's
    // Playlists query, whose union has only these two members.
    if (!PLAYLIST_LIMITS.itemComponents.includes(item?.__component)) {
      refuse(
        [...path, '__component'],
        `A playlist item must be one of: ${PLAYLIST_LIMITS.itemComponents.join(', ')}.`,
      );
    }
    if (
      item.title != null &&
      (typeof item.title !== 'string' || item.title.length > PLAYLIST_LIMITS.maxTitleLength)
    ) {
      refuse(
        [...path, 'title'],
        `An item's title is too long: at most ${PLAYLIST_LIMITS.maxTitleLength} characters.`,
      );
    }
    if (
      item.context_path != null &&
      (typeof item.context_path !== 'string' ||
        item.context_path.length > PLAYLIST_LIMITS.maxContextPathLength)
    ) {
      refuse(
        [...path, 'context_path'],
        `An item's link is too long: at most ${PLAYLIST_LIMITS.maxContextPathLength} characters.`,
      );
    }
  });
}

function contentApiUserId(strapi) {
  const ctx = strapi.requestContext.get();
  if (!ctx || ctx.state?.route?.info?.type !== 'content-api') return null;
  return ctx.state.user?.id ?? null;
}

async function checkPlaylistCount(strapi) {
  const userId = contentApiUserId(strapi);
  if (!userId) return;
  const count = await strapi.db.query(PLAYLIST).count({ where: { owner: { id: userId } } });
  if (count >= PLAYLIST_LIMITS.maxPlaylistsPerUser) {
    refuse(
      [],
      `You already have ${count} playlists, the most one account can keep. Delete one you no longer use to make another.`,
    );
  }
}

function registerPlaylistLimits(strapi) {
  strapi.documents.use(async (context, next) => {
    const noun = NOUNS[context.uid];
    if (!noun || (context.action !== 'create' && context.action !== 'update')) return next();
    const isCreate = context.action === 'create';
    const data = context.params?.data ?? {};
    checkTitle(data, isCreate, noun);
    if (context.uid === PLAYLIST) {
      checkItems(data.playlist_item);
      await assertPlaylistItemTargets(strapi, data.playlist_item);
      if (isCreate) await checkPlaylistCount(strapi);
    }
    return next();
  });
}

/** A playlist's title and items as they will be stored, for the sync route, which writes them without the Document Service. */
function checkPlaylistState(data) {
  checkTitle(data, true, NOUNS[PLAYLIST]);
  checkItems(data.playlist_item);
}

module.exports = { registerPlaylistLimits, checkPlaylistState };
