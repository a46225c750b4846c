'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController(
  'api::learning-resources-home.learning-resources-home',
);
