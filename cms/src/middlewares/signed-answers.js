'use strict';

const { signedAnswers } = require('../download-signing/signed-answers');

/** Signs the GraphQL answers the app asks to have signed (src/download-signing/signed-answers.js). */
module.exports = (_config, { strapi }) => signedAnswers(strapi);
