'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::live-home-page.live-home-page');
