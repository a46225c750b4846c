'use strict';

const { signPreviewToken } = require('./preview-token');

/** The content types an editor can preview in the app, by the app's name for them. */
const PREVIEW_TYPES = Object.freeze({
  lesson: 'api::lesson.lesson',
  activity: 'api::activity-page.activity-page',
  unit: 'api::scheme.scheme',
  programme: 'api::programme.programme',
  // A slideshow has no page: it previews in lesson mode.
  slideshow: 'api::activity-slideshow.activity-slideshow',
});
const TYPE_OF_UID = Object.freeze(
  Object.fromEntries(Object.entries(PREVIEW_TYPES).map(([type, uid]) => [uid, type])),
);

/**
 * Strapi 5's preview handler (config/admin.js): the app's preview route for a draft lesson,
 * activity, unit, programme or slideshow, signed for an hour. Other types have no page of their
 * own in the app, so the admin shows no preview for them (undefined answers 204).
 */
function previewUrl(appUrl, uid, { documentId, status }) {
  const type = TYPE_OF_UID[uid];
  if (!type || !documentId) return undefined;
  // The admin's "Published" tab previews what teachers see now, its "Draft" tab the draft.
  const token = signPreviewToken({ type, documentId, status });
  const url = new URL(`/preview/${type}/${encodeURIComponent(documentId)}`, appUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

module.exports = { PREVIEW_TYPES, previewUrl };
