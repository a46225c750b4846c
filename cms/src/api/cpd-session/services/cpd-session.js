'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::cpd-session.cpd-session');
