'use strict';

/**
 * GET /documents/:fileId (outside the /api prefix, as the spec's content host path): redirects
 * to the uploaded file's URL, or answers 404 JSON. Accepts the numeric file id or its documentId.
 */
function documentsRoute(strapi) {
  return {
    method: 'GET',
    path: '/documents/:fileId',
    config: { auth: false },
    handler: async (ctx) => {
      const { fileId } = ctx.params;
      const where = /^\d+$/.test(fileId) ? { id: Number(fileId) } : { documentId: fileId };
      const file = await strapi.db.query('plugin::upload.file').findOne({ where });
      if (!file) {
        ctx.status = 404;
        ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: `No document with id ${fileId}` } };
        return;
      }
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.redirect(file.url);
    },
  };
}

module.exports = { documentsRoute };
