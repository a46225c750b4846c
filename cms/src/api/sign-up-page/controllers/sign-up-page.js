'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::sign-up-page.sign-up-page');
