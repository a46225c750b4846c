'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::sign-up-page.sign-up-page');
