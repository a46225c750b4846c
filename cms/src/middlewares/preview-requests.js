'use strict';

const { previewRequests } = require('../preview/preview-access');

/** Recognises the app's preview requests to /graphql (src/preview/preview-access.js). */
module.exports = (_config, { strapi }) => previewRequests(strapi);
