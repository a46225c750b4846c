'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::live-home-page.live-home-page');
