'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::at-home-library.at-home-library');
