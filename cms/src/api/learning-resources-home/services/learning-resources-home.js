'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService(
  'api::learning-resources-home.learning-resources-home',
);
