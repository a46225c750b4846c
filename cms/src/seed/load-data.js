'use strict';

const fs = require('node:fs');
const path = require('node:path');

/**
 * The demo content is data (./data/, see its README.md); this is the one generic loader that
 * writes it. Each numbered file is a list of steps, run in file-name order and in order within a
 * file: `{ "create": type, "key": key, "data": {...} }` creates a published entry of
 * `api::type.type` and remembers it under its key; `{ "update": type, "key": key, "data": {...} }`
 * changes an entry created earlier and publishes it again. In `data`:
 *
 * - `{ "$<type>": key }` is the documentId of the entry of that type created under that key;
 * - `{ "$media": key }` is the id of the uploaded file with that catalogue key (./media/catalogue.js);
 * - `{ "$embed": key }` is that uploaded file as an embed (the JSON text the embed fields hold);
 * - `{ "$daysFromNow": n }` is the date and time n days after the seed runs;
 * - `{ "$use": name, ...fields }` is the template `name` of ./data/templates.json, with `fields`
 *   in place of the template's own (a template that is a list or a text takes no fields);
 * - a rich-text field takes Markdown, or a list of paragraphs (joined with a blank line).
 */

const DATA_DIR = path.join(__dirname, 'data');
const DAY_MS = 86_400_000;
const uid = (type) => `api::${type}.${type}`;

/**
 * The steps of every numbered file in `dir`, in order, and the templates.
 * @param {string} [dir]
 * @returns {{ steps: Array<{ create?: string, update?: string, key: string, data: object, file: string }>, templates: Record<string, unknown> }}
 */
function readSeedData(dir = DATA_DIR) {
  const read = (name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  const files = fs
    .readdirSync(dir)
    .filter((name) => /^\d+-.+\.json$/.test(name))
    .sort();
  const steps = files.flatMap((file) => read(file).map((step) => ({ ...step, file })));
  return { steps, templates: read('templates.json') };
}

/** The embed fields' JSON text for an uploaded file; its size lets a download know its weight. */
function embedOf(file) {
  return JSON.stringify({
    url: file.url,
    size: file.size,
    provider: 'upload',
    title: file.caption ?? file.name,
  });
}

/**
 * Writes the demo content through the Document Service, every entry published (the demo is
 * content teachers see at once).
 * @param {any} strapi
 * @param {Record<string, any>} media uploaded files by catalogue key (./upload-media.js)
 * @param {string} [dir] the data folder
 * @returns {Promise<Record<string, Record<string, any>>>} the created entries, by type and key
 */
async function loadSeedData(strapi, media, dir = DATA_DIR) {
  const { steps, templates } = readSeedData(dir);
  /** @type {Record<string, Record<string, any>>} */
  const entries = {};

  for (const step of steps) {
    const type = step.create ?? step.update;
    const where = `${step.file} (${step.create ? 'create' : 'update'} ${type} '${step.key}')`;
    const fail = (message) => {
      throw new Error(`[seed] ${where}: ${message}`);
    };
    const entry = (refType, key) =>
      entries[refType]?.[key] ?? fail(`no ${refType} '${key}' was created before this step`);
    const file = (key) => media[key] ?? fail(`no media file '${key}' in the catalogue`);

    /** Templates, references and dates replaced by what the Document Service takes. */
    const resolve = (value, trail = []) => {
      if (Array.isArray(value)) return value.map((item) => resolve(item, trail));
      if (value === null || typeof value !== 'object') return value;
      if ('$use' in value) {
        const { $use: name, ...fields } = value;
        if (trail.includes(name)) fail(`template '${name}' uses itself`);
        if (!(name in templates)) fail(`no template '${name}' in templates.json`);
        const template = templates[name];
        if (typeof template !== 'object' || template === null || Array.isArray(template)) {
          if (Object.keys(fields).length) fail(`template '${name}' is not an object`);
          return resolve(template, [...trail, name]);
        }
        return resolve({ ...template, ...fields }, [...trail, name]);
      }
      const keys = Object.keys(value);
      if (keys.length === 1 && keys[0].startsWith('$')) {
        const [ref] = keys;
        const key = value[ref];
        if (ref === '$media') return file(key).id;
        if (ref === '$embed') return embedOf(file(key));
        if (ref === '$daysFromNow') return new Date(Date.now() + key * DAY_MS).toISOString();
        return entry(ref.slice(1), key).documentId;
      }
      return Object.fromEntries(keys.map((name) => [name, resolve(value[name], trail)]));
    };

    const data = richText(strapi, strapi.getModel(uid(type)).attributes, resolve(step.data));
    const documents = strapi.documents(uid(type));
    if (step.create) {
      entries[type] ??= {};
      if (entries[type][step.key]) fail('the key is taken by an earlier step');
      entries[type][step.key] = await documents.create({ data, status: 'published' });
    } else {
      await documents.update({
        documentId: entry(type, step.key).documentId,
        data,
        status: 'published',
      });
    }
  }
  return entries;
}

/**
 * `data` with every rich-text field given as a list of paragraphs joined into Markdown (a blank
 * line starts a paragraph), in components and dynamic zones too.
 * @param {any} strapi @param {Record<string, any>} attributes @param {any} data
 */
function richText(strapi, attributes, data) {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const out = { ...data };
  for (const [name, value] of Object.entries(data)) {
    const attribute = attributes[name];
    if (!attribute || value === null) continue;
    const inComponent = (item, component) =>
      richText(strapi, strapi.components[component].attributes, item);
    if (attribute.type === 'richtext' && Array.isArray(value)) out[name] = value.join('\n\n');
    else if (attribute.type === 'component')
      out[name] = Array.isArray(value)
        ? value.map((item) => inComponent(item, attribute.component))
        : inComponent(value, attribute.component);
    else if (attribute.type === 'dynamiczone' && Array.isArray(value))
      out[name] = value.map((item) => inComponent(item, item.__component));
  }
  return out;
}

module.exports = { loadSeedData, readSeedData };
