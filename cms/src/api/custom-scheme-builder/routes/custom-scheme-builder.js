'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::custom-scheme-builder.custom-scheme-builder');
