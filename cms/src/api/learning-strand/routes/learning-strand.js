'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::learning-strand.learning-strand');
