'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::sign-up-page.sign-up-page');
