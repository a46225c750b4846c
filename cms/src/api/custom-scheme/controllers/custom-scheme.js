'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::custom-scheme.custom-scheme');
