'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::custom-scheme-plan.custom-scheme-plan');
