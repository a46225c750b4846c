'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::activity-library.activity-library');
