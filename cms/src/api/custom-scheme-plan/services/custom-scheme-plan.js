'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::custom-scheme-plan.custom-scheme-plan');
