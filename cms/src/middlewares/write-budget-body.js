'use strict';

// The write budget's second stage, after strapi::body (see write-budget.js).
module.exports = require('./write-budget').afterBody;
