// A canonical dump of every entry the seed wrote, for the seed-content test: loads the CMS in
// this process on a stopped CMS's data folder (argv[2]) and writes JSON to argv[3]. Everything a
// run makes up is replaced by what an editor sees: a relation or media by its target's label
// (title, slug, name, e-mail), a documentId or upload URL inside a text by that label too, a
// random UUID by '<uuid>', and a date by its distance in days from the entry's creation. Entries keep their creation order
// within each content type (the database id order), drafts and published versions both listed.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../cms');
const data = resolve(process.argv[2] ?? '');
Object.assign(process.env, {
  NODE_ENV: 'development',
  DATABASE_CLIENT: 'sqlite',
  DATABASE_FILENAME: join(data, 'data.db'),
  CMS_PUBLIC_DIR: join(data, 'public'),
  CMS_SECRETS_FILE: join(data, 'secrets.json'),
  CMS_ADMIN: 'false',
  STRAPI_TELEMETRY_DISABLED: 'true',
  FORCE_COLOR: '0',
});
process.chdir(cmsDir);
const { createStrapi } = createRequire(join(cmsDir, 'package.json'))('@strapi/strapi');

/** Fields that differ from run to run or say nothing about the content. */
const NOISE = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
  'numeric_id',
]);
const DAY = 86_400_000;

/** @param {any} row */
const label = (row) =>
  row == null
    ? null
    : (row.title ?? row.slug ?? row.name ?? row.email ?? row.username ?? row.client_id ?? '?');

/**
 * @param {any} strapi @param {string} uid @param {number} depth
 * @returns {Record<string, unknown>}
 */
function populateOf(strapi, uid, depth = 0) {
  const model = strapi.getModel(uid);
  /** @type {Record<string, unknown>} */
  const populate = {};
  for (const [name, attribute] of Object.entries(model.attributes)) {
    if (NOISE.has(name)) continue;
    const kind = /** @type {any} */ (attribute).type;
    if (kind === 'relation' || kind === 'media') populate[name] = true;
    else if (kind === 'component' && depth < 6)
      populate[name] = { populate: populateOf(strapi, attribute.component, depth + 1) };
    else if (kind === 'dynamiczone' && depth < 6)
      populate[name] = {
        on: Object.fromEntries(
          attribute.components.map((/** @type {string} */ component) => [
            component,
            { populate: populateOf(strapi, component, depth + 1) },
          ]),
        ),
      };
  }
  return populate;
}

async function main() {
  const strapi = await createStrapi({ appDir: cmsDir, distDir: cmsDir }).load();
  try {
    /** @type {any[]} */
    const files = await strapi.db.query('plugin::upload.file').findMany({ orderBy: { id: 'asc' } });
    /** @type {Map<string, string>} */
    const replacements = new Map();
    for (const file of files) {
      replacements.set(file.url, `<file ${file.name}>`);
      replacements.set(file.documentId, `<file ${file.name}>`);
    }
    const uids = Object.keys(strapi.contentTypes)
      .filter((uid) => uid.startsWith('api::'))
      .sort();
    /** @type {Map<string, any[]>} */
    const rows = new Map();
    for (const uid of uids) {
      /** @type {any[]} */
      const found = await strapi.db
        .query(uid)
        .findMany({ populate: populateOf(strapi, uid), orderBy: { id: 'asc' } });
      rows.set(uid, found);
      for (const row of found)
        replacements.set(row.documentId, `<${uid.split('.')[1]} ${label(row)}>`);
    }
    const users = await strapi.db.query('plugin::users-permissions.user').findMany();
    for (const user of users) replacements.set(user.documentId, `<user ${user.email}>`);
    const pattern = new RegExp(
      [...replacements.keys()]
        .sort((a, b) => b.length - a.length)
        .map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
      'g',
    );

    /** @param {unknown} value @param {number} created @param {boolean} [entry] @returns {unknown} */
    const canonical = (value, created, entry = false) => {
      if (value == null) return null;
      if (typeof value === 'string') {
        if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value))
          return `<+${Math.round((Date.parse(value) - created) / DAY)} days>`;
        return value
          .replace(pattern, (match) => replacements.get(match) ?? match)
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
      }
      if (value instanceof Date) return canonical(value.toISOString(), created);
      if (Array.isArray(value)) return value.map((item) => canonical(item, created));
      if (typeof value === 'object') {
        const object = /** @type {Record<string, unknown>} */ (value);
        // A related entry, a media file or a user: its label only.
        if (!entry && 'documentId' in object && ('mime' in object || 'createdAt' in object))
          return 'mime' in object ? `<file ${object.name}>` : label(object);
        /** @type {Record<string, unknown>} */
        const out = {};
        for (const key of Object.keys(object).sort()) {
          if (NOISE.has(key)) continue;
          out[key] = canonical(object[key], created);
        }
        return out;
      }
      return value;
    };

    /** @type {Record<string, unknown>} */
    const dump = {
      files: files.map((file) => ({
        name: file.name,
        caption: file.caption,
        alternativeText: file.alternativeText,
        mime: file.mime,
      })),
    };
    for (const [uid, found] of rows) {
      if (found.length === 0) continue;
      dump[uid] = found.map((row) => ({
        status: row.publishedAt ? 'published' : 'draft',
        .../** @type {object} */ (canonical(row, new Date(row.createdAt).getTime(), true)),
      }));
    }
    writeFileSync(resolve(process.argv[3] ?? ''), `${JSON.stringify(dump, null, 1)}\n`);
  } finally {
    await strapi.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
