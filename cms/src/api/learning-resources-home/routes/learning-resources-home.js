'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::learning-resources-home.learning-resources-home');
