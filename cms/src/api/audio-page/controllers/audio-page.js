'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::audio-page.audio-page');
