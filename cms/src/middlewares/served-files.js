'use strict';

/**
 * Every stored file (/uploads/*) and /documents/* answer on the CMS's own origin carries the
 * served-file headers (packages/shared/upload-types.mjs): a sandbox with no script, nosniff, and
 * a download for anything that is not displayable media. They replace the admin panel's CSP,
 * which allows inline script, and cover files stored before the upload allow-list too. Set after
 * the route has answered (and when it failed), so nothing downstream can drop them.
 */
let loading;
const servedFileHeaders = () => (loading ??= import('@music-classroom/shared/upload-types'));

module.exports = () => async (ctx, next) => {
  const { isServedFilePath, servedFileHeaders: headersFor } = await servedFileHeaders();
  if (!isServedFilePath(ctx.path)) return next();
  try {
    await next();
  } finally {
    ctx.set(headersFor(ctx.path, ctx.response.get('Content-Type') || null));
  }
};
