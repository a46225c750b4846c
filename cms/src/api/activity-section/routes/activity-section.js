'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::activity-section.activity-section');
