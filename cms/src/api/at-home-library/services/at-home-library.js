'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::at-home-library.at-home-library');
