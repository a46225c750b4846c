'use strict';

const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::cpd-live-event.cpd-live-event');
