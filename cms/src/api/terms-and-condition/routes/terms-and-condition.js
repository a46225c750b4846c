'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::terms-and-condition.terms-and-condition');
