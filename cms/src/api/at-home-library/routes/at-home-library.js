'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::at-home-library.at-home-library');
