'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::learning-strand.learning-strand');
