'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::custom-scheme.custom-scheme');
