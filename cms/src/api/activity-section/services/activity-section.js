'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::activity-section.activity-section');
