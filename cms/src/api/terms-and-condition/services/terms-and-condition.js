'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::terms-and-condition.terms-and-condition');
