'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { catalogue } = require('./media/catalogue');

/**
 * Generates the demo media and uploads each file through Strapi's upload service, so every file
 * has the metadata a real upload has (url, size, mime, width/height and formats for images).
 * @returns {Promise<Record<string, object>>} uploaded file entities by catalogue key
 */
async function uploadMedia(strapi) {
  // The CMS's own scratch folder (strapi.dirs.app.root/.tmp, ignored by git), not the machine's.
  const scratch = path.join(strapi.dirs.app.root, '.tmp');
  fs.mkdirSync(scratch, { recursive: true });
  const workDir = fs.mkdtempSync(path.join(scratch, 'seed-media-'));
  const uploadService = strapi.plugin('upload').service('upload');
  const files = {};
  try {
    for (const item of catalogue()) {
      const existing = await strapi.db
        .query('plugin::upload.file')
        .findOne({ where: { name: item.filename } });
      if (existing) {
        files[item.key] = existing;
        continue;
      }
      const filepath = item.path ?? path.join(workDir, item.filename);
      if (!item.path) fs.writeFileSync(filepath, item.buffer);
      const [uploaded] = await uploadService.upload({
        data: {
          fileInfo: {
            name: item.filename,
            alternativeText: item.alternativeText,
            caption: item.caption,
          },
        },
        files: {
          filepath,
          originalFilename: item.filename,
          mimetype: item.mime,
          size: fs.statSync(filepath).size,
        },
      });
      files[item.key] = uploaded;
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  return files;
}

module.exports = { uploadMedia };
