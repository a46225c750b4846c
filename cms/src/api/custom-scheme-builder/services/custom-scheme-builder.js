'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::custom-scheme-builder.custom-scheme-builder');
