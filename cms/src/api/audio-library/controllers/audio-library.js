'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::audio-library.audio-library');
