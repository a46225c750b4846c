'use strict';

const { FIELDS } = require('./editor-fields');
const { IMAGE_SIZE_ADVICE } = require('./image-advice');
const LAYOUT_NAMES = require('../admin/slide-layouts.json');

/**
 * Labels and help texts in the admin panel's forms, in words an editor understands, from the one
 * table in editor-fields.js: written into the content-manager's stored configuration on every
 * boot, merged into whatever else an admin has arranged (field order, sizes) so nothing they
 * changed is lost. Two parts of the help come from the models themselves, so they cannot drift:
 * every image field says the size the app shows (image-advice.js), and every field shown only for
 * some slide layouts (a schema `conditions.visible` on `slide_template`) names those layouts.
 */

/** The lesson list shows which unit each lesson belongs to. */
const LIST_COLUMNS = { 'api::lesson.lesson': ['id', 'title', 'units', 'disable_lesson_mode'] };

const isImage = (attribute) =>
  attribute?.type === 'media' && (attribute.allowedTypes ?? []).includes('images');

/** The layouts a field's visibility condition names (`{ in: [{ var: 'slide_template' }, [...]] }`). */
function conditionLayouts(attribute) {
  const rule = attribute?.conditions?.visible?.in;
  if (!Array.isArray(rule) || rule[0]?.var !== 'slide_template' || !Array.isArray(rule[1]))
    return null;
  return rule[1];
}

/** The help an editor reads under a field: the table's, then what the model adds. */
function helpText(help, attribute) {
  const parts = [help];
  const layouts = conditionLayouts(attribute);
  if (layouts)
    parts.push(
      `Shown for the layouts: ${layouts.map((code) => LAYOUT_NAMES[code] ?? code).join(', ')}.`,
    );
  if (isImage(attribute)) parts.push(IMAGE_SIZE_ADVICE);
  return parts.filter(Boolean).join(' ');
}

/** Relations show the related entry's title, where it has one, rather than its id. */
const titled = (strapi, attribute) =>
  attribute.type === 'relation' &&
  Boolean(attribute.target && strapi.getModel(attribute.target)?.attributes?.title);

function withLabels(strapi, metadatas, labels, attributes) {
  const merged = { ...metadatas };
  for (const [field, [text, help]] of Object.entries(labels)) {
    const attribute = attributes[field];
    if (!attribute || !merged[field]) continue;
    const mainField = titled(strapi, attribute) ? { mainField: 'title' } : {};
    merged[field] = {
      ...merged[field],
      edit: {
        ...merged[field].edit,
        label: text,
        description: helpText(help, attribute),
        ...mainField,
      },
      list: { ...merged[field].list, label: text, ...mainField },
    };
  }
  return merged;
}

async function applyEditorLabels(strapi) {
  const contentManager = strapi.plugin('content-manager');
  for (const [uid, labels] of Object.entries(FIELDS)) {
    const component = uid.includes('::') ? null : strapi.components[uid];
    const model = component ?? strapi.contentTypes[uid];
    if (!model) continue;
    const service = contentManager.service(component ? 'components' : 'content-types');
    const current = await service.findConfiguration({ uid });
    const update = {
      metadatas: withLabels(strapi, current.metadatas ?? {}, labels, model.attributes),
    };
    const columns = LIST_COLUMNS[uid]?.filter((field) => field === 'id' || model.attributes[field]);
    if (columns) update.layouts = { ...current.layouts, list: columns };
    await service.updateConfiguration({ uid }, update);
  }
}

module.exports = { applyEditorLabels };
