'use strict';

const { createQueryShapeCheck } = require('../utils/query-shape');

/**
 * Every content-API query is checked for shape before Strapi's own validation: REST's core
 * controllers, GraphQL's root queries and its nested relations all call
 * strapi.contentAPI.validate.query with the query and its content type, so this one wrapper sees
 * them all and a malformed query is a 400 wherever it comes from (utils/query-shape.js).
 */
function registerQueryShapeCheck(strapi) {
  const assertWellFormedQuery = createQueryShapeCheck((uid) => strapi.getModel(uid));
  const validators = strapi.contentAPI.validate;
  const validateQuery = validators.query;
  validators.query = async (query, schema, options) => {
    assertWellFormedQuery(query, schema);
    return validateQuery(query, schema, options);
  };
}

module.exports = { registerQueryShapeCheck };
