'use strict';

const { FIELDS } = require('../editor-fields');

/**
 * Pictures teachers and pupils see need words for those who cannot see them (WCAG 1.1.1). Every
 * media field that takes images, in every content type and component the CMS runs, is found from
 * the models themselves: an image there needs the Media Library's 'Alternative text' before it is
 * published, unless the editor ticks the field's decorative box, a boolean named after it
 * (`main_image` → `main_image_decorative`; the app then gives the picture alt="", so screen
 * readers skip it). A field a layout hides (the schema's `conditions`, as the admin panel's form
 * does) is not checked. A field that takes other files too is checked for the images in it.
 *
 * The fields that need no decorative box are listed here with the reason; a new image field is
 * neither, and tests/cms/image-alt.cms.test.ts fails until it has its box or its reason.
 */
const EXCEPTIONS = {
  'shared.flipcard.card_1':
    "A flip card's sides are named by the card's title when their picture has no alternative text ('Title, front'), so a side is never nameless and never skipped.",
  'shared.flipcard.card_2':
    "A flip card's sides are named by the card's title when their picture has no alternative text ('Title, back'), so a side is never nameless and never skipped.",
  'api::programme.programme.media_poster':
    "The still a film shows until it plays: the video's poster, which the film's title names (a poster has no alternative text of its own).",
  'shared.document.file':
    'A file to download: the app offers it as a link named by its title, never draws it as a picture.',
  'featurebox.programmelink.document':
    "A file a feature box downloads: the app offers it as the box's link, named by its link text, never draws it as a picture.",
  'api::scheme.scheme.documents':
    "A unit's files to download: the app lists them as links named by their file names, never draws them as pictures.",
};

/** A repeatable item's name in a message, where the component's own name is not the editor's. */
const ITEM_NAMES = { 'slides.activity-slide': 'Slide', 'activity.activity-detail': 'Step' };
const MAX_DEPTH = 10;

const decorativeFlag = (field) => `${field}_decorative`;
const allowsImages = (attribute) =>
  attribute?.type === 'media' &&
  (!Array.isArray(attribute.allowedTypes) || attribute.allowedTypes.includes('images'));
const hasFile = (media) => Boolean(media && typeof media === 'object' && (media.id || media.url));
const isImage = (file, attribute) =>
  file.mime
    ? String(file.mime).toLowerCase().startsWith('image/')
    : attribute.allowedTypes?.length === 1; // an images-only field
const described = (media) =>
  typeof media?.alternativeText === 'string' && media.alternativeText.trim() !== '';

/** Whether the schema's `visible` condition shows a field for this item (unknown rules show it). */
function shown(attribute, item, attributes) {
  const rule = attribute.conditions?.visible?.in;
  if (!Array.isArray(rule) || typeof rule[0]?.var !== 'string' || !Array.isArray(rule[1]))
    return true;
  const value = item[rule[0].var] ?? attributes[rule[0].var]?.default;
  return value === undefined || value === null || rule[1].includes(value);
}

const label = (uid, field) => FIELDS[uid]?.[field]?.[0] ?? field.replace(/_/g, ' ');
const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);
const boxName = (uid, field) => label(uid, decorativeFlag(field)).replace(/\s*\(.*\)$/, '');
const named = (item) =>
  typeof item?.title === 'string' && item.title.trim() ? ` ("${item.title.trim()}")` : '';

function message(uid, field, multiple) {
  const box = boxName(uid, field);
  return multiple
    ? `${label(uid, field)}: a picture there has no alternative text. Describe each in the Media Library (the image's 'Alternative text'), or tick '${box}' if they add nothing a pupil who cannot see them would miss.`
    : `The ${lowerFirst(label(uid, field))} needs alternative text: describe it in the Media Library (the image's 'Alternative text'), or tick '${box}' if it adds nothing a pupil who cannot see it would miss.`;
}

/**
 * The images without alternative text in a stored document (its media populated), each problem
 * naming its field as a path in the document, as the admin panel's form names it, and the items
 * it is in ("Slide 2 ("The band"): Audio card 1: …").
 */
function imageAltProblems(strapi, uid, document) {
  const problems = [];
  const walk = (modelUid, item, path, prefix, depth) => {
    const attributes = (
      modelUid.startsWith('api::') ? strapi.contentTypes[modelUid] : strapi.components[modelUid]
    )?.attributes;
    if (!attributes || !item || typeof item !== 'object' || depth > MAX_DEPTH) return;
    for (const [field, attribute] of Object.entries(attributes)) {
      const value = item[field];
      if (value === undefined || value === null || !shown(attribute, item, attributes)) continue;
      if (allowsImages(attribute)) {
        if (EXCEPTIONS[`${modelUid}.${field}`] || item[decorativeFlag(field)] === true) continue;
        const files = (Array.isArray(value) ? value : [value]).filter(hasFile);
        if (files.some((file) => isImage(file, attribute) && !described(file)))
          problems.push({
            message: `${prefix}${message(modelUid, field, attribute.multiple === true)}`,
            fields: [[...path, field]],
          });
      } else if (attribute.type === 'component') {
        const entries = attribute.repeatable ? value : [value];
        if (!Array.isArray(entries)) continue;
        const noun =
          ITEM_NAMES[attribute.component] ??
          strapi.components[attribute.component]?.info?.displayName ??
          label(modelUid, field);
        entries.forEach((entry, index) =>
          walk(
            attribute.component,
            entry,
            attribute.repeatable ? [...path, field, index] : [...path, field],
            attribute.repeatable
              ? `${prefix}${noun} ${index + 1}${named(entry)}: `
              : `${prefix}${label(modelUid, field)}: `,
            depth + 1,
          ),
        );
      } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
        value.forEach((entry, index) =>
          walk(entry?.__component ?? '', entry, [...path, field, index], prefix, depth + 1),
        );
      }
    }
  };
  walk(uid, document, [], '', 0);
  return problems;
}

/** Whether a content type has, anywhere in its components, an image field to check. */
function checksImages(strapi, uid, depth = 0) {
  const attributes = (uid.startsWith('api::') ? strapi.contentTypes[uid] : strapi.components[uid])
    ?.attributes;
  if (!attributes || depth > MAX_DEPTH) return false;
  return Object.entries(attributes).some(
    ([field, attribute]) =>
      (allowsImages(attribute) && !EXCEPTIONS[`${uid}.${field}`]) ||
      (attribute.type === 'component' && checksImages(strapi, attribute.component, depth + 1)) ||
      (attribute.type === 'dynamiczone' &&
        (attribute.components ?? []).some((component) =>
          checksImages(strapi, component, depth + 1),
        )),
  );
}

module.exports = { EXCEPTIONS, imageAltProblems, checksImages };
