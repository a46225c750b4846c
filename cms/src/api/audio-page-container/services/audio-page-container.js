'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::audio-page-container.audio-page-container');
