'use strict';

const { PREVIEW_TYPES } = require('./preview-url');
const { readPreviewToken } = require('./preview-token');
const { markdownRenderer } = require('../utils/markdown-html');

/**
 * What the app's preview page shows of one version of a lesson, activity or programme: its title
 * and, in the order a teacher meets them, its texts and the titles of what it lists. Relations
 * are read in the same version (a draft lesson lists its activities' drafts), so an editor sees
 * a whole change before publishing it.
 *
 * Sections: { heading, markdown } for rich text (its HTML, as GraphQL answers rich text; the name
 * stays), { heading, text } for short fields, { heading, items } for lists.
 */
const VIEWS = {
  lesson: {
    populate: {
      activity: { populate: ['activity'] },
      extensionactivities: { populate: ['activities'] },
      documents: true,
    },
    sections: (doc) => [
      { heading: 'Introduction', markdown: doc.introduction },
      {
        heading: 'Activities',
        items: (doc.activity ?? []).map((entry) => entry.activity?.title || entry.title),
      },
      {
        heading: 'Extension activities',
        items: (doc.extensionactivities ?? []).map((entry) => entry.title),
      },
      { heading: 'Documents', items: (doc.documents ?? []).map((entry) => entry.title) },
    ],
  },
  activity: {
    populate: { activity_slideshow: true, programme: true },
    sections: (doc) => [
      { heading: 'Time', text: doc.time },
      { heading: 'Type', text: doc.type },
      { heading: 'Introduction', markdown: doc.introduction },
      { heading: 'Lesson summary', markdown: doc.lesson_summary },
      { heading: 'Music', text: doc.music },
      { heading: 'Equipment', text: doc.equipment },
      { heading: 'Slideshow', items: [doc.activity_slideshow?.title] },
    ],
  },
  programme: {
    populate: { units: true, audience: true },
    sections: (doc) => [
      { heading: 'Blurb', markdown: doc.blurb },
      { heading: 'Introduction', markdown: doc.introduction },
      { heading: 'Units', items: (doc.units ?? []).map((unit) => unit.title) },
    ],
  },
};

const hasContent = (section) =>
  section.items
    ? section.items.some(Boolean)
    : typeof (section.markdown ?? section.text) === 'string' &&
      (section.markdown ?? section.text).trim() !== '';

/**
 * The preview a token opens: { error: 'invalid' | 'expired' | 'not-found' } or
 * { type, documentId, status, title, updatedAt, hasPublishedVersion, sections }.
 */
async function draftPreview(strapi, token) {
  const claims = readPreviewToken(token);
  if (claims.error) return { error: claims.error };
  const uid = PREVIEW_TYPES[claims.type];
  const view = VIEWS[claims.type];
  if (!uid || !view) return { error: 'invalid' };
  const { documentId, status } = claims;
  // The token is the authorisation here: the teacher roles' field rules (bootstrap/
  // subscriber-fields.js) are for the content API, not for an editor's preview, so the draft is
  // read outside the request's context.
  const [doc, published] = await strapi.requestContext.run(undefined, () =>
    Promise.all([
      strapi.documents(uid).findOne({ documentId, status, populate: view.populate }),
      strapi.documents(uid).findOne({ documentId, status: 'published', fields: ['id'] }),
    ]),
  );
  if (!doc) return { error: 'not-found' };
  const toHtml = await markdownRenderer();
  const sections = view
    .sections(doc)
    .filter(hasContent)
    .map((section) => {
      if (section.items) return { ...section, items: section.items.filter(Boolean) };
      return 'markdown' in section ? { ...section, markdown: toHtml(section.markdown) } : section;
    });
  return {
    type: claims.type,
    documentId,
    status,
    title: doc.title ?? '',
    updatedAt: doc.updatedAt,
    hasPublishedVersion: Boolean(published),
    sections,
  };
}

module.exports = { draftPreview };
