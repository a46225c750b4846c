'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::cpd-live-event.cpd-live-event');
