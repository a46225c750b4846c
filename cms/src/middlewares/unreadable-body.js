'use strict';

/**
 * koa-body's onError for strapi::body (config/middlewares.js). A body that cannot be parsed is
 * the sender's fault: without this, a broken multipart upload (no boundary, cut short, bad part
 * headers) reached the errors middleware as a plain Error and came back 500, even anonymously.
 * Parse errors that already carry a 4xx status (413 too large, 400 bad JSON) keep it; a failure
 * of the server itself (a temporary file that cannot be written: a system error with a syscall)
 * stays a 500.
 */
function refuseUnreadableBody(error, ctx) {
  const status = error.status ?? error.statusCode ?? error.httpCode;
  if (status >= 400 && status < 500) ctx.throw(status, error.message);
  if (error.syscall) throw error;
  ctx.throw(400, 'The request body could not be read.');
}

module.exports = { refuseUnreadableBody };
