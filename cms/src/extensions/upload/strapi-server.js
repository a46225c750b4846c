'use strict';

const { open } = require('node:fs/promises');
const { errors } = require('@strapi/utils');

/**
 * The media library stores only what the content model uses (images, audio, video, PDFs and
 * WebVTT captions), judged on each file's bytes, never its name or the client's type: a stored
 * HTML or SVG file would run script on whichever origin opened it. Every way in (the admin
 * panel's upload, upload-from-URL and replace, the content API's `/api/upload`, the seed) ends in
 * the upload service's `upload` or `replace`, so the gate wraps those two. The rules live in
 * packages/shared/upload-types.mjs.
 */

let loading;
const tools = () =>
  (loading ??= Promise.all([
    import('file-type'),
    import('@music-classroom/shared/upload-types'),
  ]).then(([fileType, types]) => ({
    fileTypeFromFile: fileType.fileTypeFromFile,
    ...types,
  })));

async function readHead(filepath) {
  const handle = await open(filepath, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Refuses the whole request (nothing is stored) when any file fails, with the reason the admin
 * panel shows; otherwise gives each file its sniffed type and a name with that type's extension.
 */
async function admitFiles(files, keepExt) {
  const { fileTypeFromFile, sniffedMime, admitUpload, UPLOAD_REFUSED } = await tools();
  for (const file of Array.isArray(files) ? files : [files]) {
    const filepath = file?.filepath ?? file?.path;
    if (!filepath) throw new errors.ValidationError(UPLOAD_REFUSED);
    const found = await fileTypeFromFile(filepath).catch(() => undefined);
    const verdict = admitUpload({
      sniffed: sniffedMime(found?.mime, await readHead(filepath)),
      filename: file.originalFilename ?? file.name ?? '',
      declared: file.mimetype ?? file.type,
      keepExt,
    });
    if (!verdict.ok) throw new errors.ValidationError(verdict.message);
    file.mimetype = verdict.mime;
    file.detectedMimeType = verdict.mime;
    file.originalFilename = verdict.filename;
  }
}

module.exports = (plugin) => {
  const createUploadService = plugin.services.upload;
  plugin.services.upload = (context) => {
    const service = createUploadService(context);
    return {
      ...service,
      async upload(input, options) {
        await admitFiles(input.files);
        return service.upload(input, options);
      },
      async replace(id, input, options) {
        const stored = await service.findOne(id);
        // A replaced file keeps its URL, extension included, so the new content must suit it.
        await admitFiles(input.file, stored?.ext ?? undefined);
        return service.replace(id, input, options);
      },
    };
  };
  return plugin;
};
