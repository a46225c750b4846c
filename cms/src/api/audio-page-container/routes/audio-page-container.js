'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::audio-page-container.audio-page-container');
