'use strict';

const {
  errors,
  isOperator,
  isOperatorOfType,
  parseType,
  paginationSchema,
  queryParameterSchemas,
} = require('@strapi/utils');

/**
 * The shape of a content-API query, checked before Strapi reads it: Strapi's own validation checks
 * which keys a query names, not what their values look like, and a value of the wrong shape
 * (`$between` with one value, `_q` as an object, `$and` as text) reaches the database and fails
 * there with a 500. Every such query is refused here with a ValidationError (400) whose message
 * says which part is wrong. The parameter schemas and operator classes are Strapi's
 * (@strapi/utils), so an operator Strapi adds is classified the day it ships; this file adds only
 * what those lists do not say: which operators take yes/no, exactly two values, or are internal.
 *
 * `getModel` is strapi.getModel; the check works on REST's parsed `ctx.query` and on GraphQL's
 * arguments once the plugin has turned them into the same form.
 */

/** Longest text a filter value or a search may hold: far above any title, far below the database's limits. */
const MAX_TEXT = 1000;
/** The most values an `$in` list may hold (qs's own array limit for a query string). */
const MAX_ITEMS = 100;
/** Operators whose operand is a yes/no answer. */
const YES_NO_OPERATORS = new Set(['$null', '$notNull']);
/** Operators that take exactly two values, a lower and an upper bound. */
const PAIR_OPERATORS = new Set(['$between']);
/** Strapi's "experimental, only for internal use" operator: not for the public API. */
const INTERNAL_OPERATORS = new Set(['$jsonSupersetOf']);
const NUMBER_TYPES = new Set(['integer', 'biginteger', 'float', 'decimal']);
const DATE_TYPES = new Set(['date', 'time', 'datetime', 'timestamp']);
const RELATIONAL_TYPES = new Set(['relation', 'component', 'media']);
const ID = { type: 'integer' };
const DOCUMENT_ID = { type: 'string' };

/** Every key of the objects inside a zod schema (Strapi's pagination schema: withCount, page, pageSize, start, limit). */
function zodObjectKeys(schema, keys = new Set()) {
  const def = schema?._zod?.def ?? schema?.def;
  if (!def) return keys;
  if (def.shape) for (const key of Object.keys(def.shape)) keys.add(key);
  for (const child of [def.left, def.right, def.innerType, ...(def.options ?? [])])
    if (child) zodObjectKeys(child, keys);
  return keys;
}

const PAGINATION_KEYS = zodObjectKeys(paginationSchema);
/** Yes/no options: a populated relation's `count` and pagination's `withCount`. */
const YES_NO_KEYS = new Set(['count', 'withCount']);

const isPlainObject = (value) =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
const isScalar = (value) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date;

function refuse(message) {
  throw new errors.ValidationError(message);
}

function createQueryShapeCheck(getModel) {
  const modelOf = (uid) => (uid ? getModel(uid) : undefined);
  const targetModel = (attribute) =>
    modelOf(
      attribute.type === 'media'
        ? 'plugin::upload.file'
        : attribute.type === 'component'
          ? attribute.component
          : attribute.target,
    );
  const attributeOf = (schema, key) =>
    key === 'id' ? ID : key === 'documentId' ? DOCUMENT_ID : schema?.attributes?.[key];

  function checkText(value, where) {
    if (typeof value === 'string' && value.length > MAX_TEXT)
      refuse(`${where} is longer than ${MAX_TEXT} characters`);
  }

  /** One value compared with a field: text, a number or a date as the field's type needs. */
  function checkValue(value, attribute, operator, where) {
    if (Array.isArray(value)) refuse(`${where} must be a single value, not a list`);
    if (!isScalar(value)) refuse(`${where} must be a value, not a group`);
    checkText(value, where);
    if (value === null || !isOperatorOfType('cast', operator)) return;
    const type = attribute?.type;
    if (
      NUMBER_TYPES.has(type) &&
      (typeof value === 'boolean' || value === '' || !Number.isFinite(Number(value)))
    ) {
      refuse(`${where} must be a number`);
    }
    if (type === 'boolean' || DATE_TYPES.has(type)) {
      try {
        parseType({ type, value });
      } catch {
        refuse(`${where} must be ${type === 'boolean' ? 'true or false' : `a valid ${type}`}`);
      }
    }
  }

  function checkList(value, where, check) {
    if (value.length > MAX_ITEMS) refuse(`${where} has more than ${MAX_ITEMS} values`);
    value.forEach((item, index) => check(item, `${where}[${index}]`));
  }

  /** The operand of one operator on a field. */
  function checkOperand(operator, value, attribute, where) {
    if (INTERNAL_OPERATORS.has(operator)) refuse(`${where}: ${operator} is not available here`);
    if (operator === '$not') return checkCondition(value, attribute, where);
    if (YES_NO_OPERATORS.has(operator)) {
      try {
        parseType({ type: 'boolean', value });
      } catch {
        refuse(`${where} must be true or false`);
      }
      return;
    }
    if (PAIR_OPERATORS.has(operator)) {
      if (!Array.isArray(value) || value.length !== 2)
        refuse(`${where} needs exactly two values, a lower and an upper bound`);
      return value.forEach((item, index) =>
        checkValue(item, attribute, operator, `${where}[${index}]`),
      );
    }
    // Any other operator takes one value, or a list: `$in` matches any of it, the others are ORed.
    if (Array.isArray(value))
      return checkList(value, where, (item, at) => checkValue(item, attribute, operator, at));
    return checkValue(value, attribute, operator, where);
  }

  /** A condition on a field that holds a value: a value, a list of values, or operators. */
  function checkCondition(value, attribute, where) {
    if (Array.isArray(value))
      return checkList(value, where, (item, at) => checkValue(item, attribute, '$eq', at));
    if (!isPlainObject(value)) return checkValue(value, attribute, '$eq', where);
    if (Object.keys(value).length === 0) refuse(`${where} is an empty condition`);
    for (const [operator, operand] of Object.entries(value)) {
      if (!isOperatorOfType('where', operator))
        refuse(`${where}: "${operator}" is not an operator for a field`);
      checkOperand(operator, operand, attribute, `${where}[${operator}]`);
    }
  }

  /** A condition on a relation: conditions on its own fields, or one operator on its id. */
  function checkRelationCondition(value, target, where) {
    if (Array.isArray(value))
      return checkList(value, where, (item, at) => checkValue(item, ID, '$eq', at));
    if (!isPlainObject(value)) return checkValue(value, ID, '$eq', where);
    const keys = Object.keys(value);
    const operators = keys.filter((key) => isOperator(key));
    if (operators.length === 0) return checkFilters(value, target, where);
    if (operators.length !== keys.length || operators.length > 1) {
      refuse(
        `${where} must hold either conditions on the related entries' fields or one operator, not both`,
      );
    }
    const [operator] = operators;
    if (isOperatorOfType('group', operator) || operator === '$not')
      return checkFilters(value, target, where);
    return checkOperand(operator, value[operator], ID, `${where}[${operator}]`);
  }

  /** A filters object (or list of them) on entries of `schema`. */
  function checkFilters(filters, schema, where) {
    if (Array.isArray(filters))
      return checkList(filters, where, (item, at) => checkFilters(item, schema, at));
    if (!isPlainObject(filters)) refuse(`${where} must be a group of conditions on fields`);
    for (const [key, value] of Object.entries(filters)) {
      const at = `${where}[${key}]`;
      if (isOperatorOfType('group', key)) {
        if (!Array.isArray(value)) refuse(`${at} must be a list of conditions`);
        checkList(value, at, (item, itemAt) => {
          if (!isPlainObject(item)) refuse(`${itemAt} must be a group of conditions`);
          checkFilters(item, schema, itemAt);
        });
        continue;
      }
      if (key === '$not') {
        if (!isPlainObject(value)) refuse(`${at} must be a group of conditions`);
        checkFilters(value, schema, at);
        continue;
      }
      if (isOperator(key)) refuse(`${at}: ${key} must be applied to a field`);
      const attribute = attributeOf(schema, key);
      // Unknown fields, dynamic zones and passwords are refused by Strapi's own validation.
      if (!attribute || attribute.type === 'dynamiczone' || attribute.type === 'password') continue;
      if (RELATIONAL_TYPES.has(attribute.type))
        checkRelationCondition(value, targetModel(attribute), at);
      else checkCondition(value, attribute, at);
    }
  }

  /** Sorting nests only through relations (sort[author][name]); a field's own sort is asc or desc. */
  function checkSort(sort, schema, where) {
    if (typeof sort === 'string') return checkText(sort, where);
    if (Array.isArray(sort))
      return checkList(sort, where, (item, at) => checkSort(item, schema, at));
    if (!isPlainObject(sort)) refuse(`${where} must name fields to sort by`);
    for (const [key, value] of Object.entries(sort)) {
      const at = `${where}[${key}]`;
      if (isPlainObject(value)) {
        const attribute = schema ? attributeOf(schema, key) : undefined;
        if (schema && !(attribute && RELATIONAL_TYPES.has(attribute.type)))
          refuse(`${at} must be asc or desc: only a relation's fields nest`);
        checkSort(value, attribute ? targetModel(attribute) : undefined, at);
      } else if (typeof value !== 'string' || !/^(asc|desc)$/i.test(value))
        refuse(`${at} must be asc or desc`);
    }
  }

  function checkPopulate(populate, schema, where) {
    if (typeof populate === 'string' || typeof populate === 'boolean')
      return checkText(populate, where);
    if (Array.isArray(populate)) {
      return checkList(populate, where, (item, at) => {
        if (typeof item !== 'string') refuse(`${at} must name a field`);
      });
    }
    if (!isPlainObject(populate)) refuse(`${where} must name fields`);
    for (const [name, value] of Object.entries(populate)) {
      const at = `${where}[${name}]`;
      if (typeof value === 'boolean' || value === '*') continue;
      if (typeof value === 'string') {
        try {
          parseType({ type: 'boolean', value });
        } catch {
          refuse(`${at} must be true, false, * or a group of options`);
        }
        continue;
      }
      if (!isPlainObject(value)) refuse(`${at} must be true, false, * or a group of options`);
      const attribute = attributeOf(schema, name);
      const target =
        attribute && RELATIONAL_TYPES.has(attribute.type) ? targetModel(attribute) : undefined;
      checkParams(value, target, at);
    }
  }

  const oneOf = (schema, value, at, message) => {
    if (!schema.safeParse(value).success) refuse(`${at} ${message}`);
  };

  /** One level of query parameters: the query itself, or a populated field's options. */
  function checkParams(params, schema, prefix = '') {
    if (!isPlainObject(params)) refuse(`${prefix || 'The query'} must be a group of parameters`);
    const at = (key) => (prefix ? `${prefix}[${key}]` : key);
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined) continue;
      switch (key) {
        case '_q':
          oneOf(queryParameterSchemas._q, value, at(key), 'must be one piece of text');
          checkText(value, at(key));
          break;
        case 'locale':
          oneOf(queryParameterSchemas.locale, value, at(key), 'must be one locale code');
          checkText(value, at(key));
          break;
        case 'status':
          oneOf(
            queryParameterSchemas.status,
            value,
            at(key),
            `must be one of ${queryParameterSchemas.status.options.join(', ')}`,
          );
          break;
        case 'fields': {
          oneOf(queryParameterSchemas.fields, value, at(key), 'must name fields');
          const names = typeof value === 'string' ? value.split(',') : value;
          if (names.some((name) => name.trim() === ''))
            refuse(`${at(key)} must name fields, without empty names`);
          break;
        }
        case 'sort':
          checkSort(value, schema, at(key));
          break;
        case 'ordering':
          if (typeof value !== 'string' || !/^(asc|desc)$/i.test(value))
            refuse(`${at(key)} must be asc or desc`);
          break;
        case 'filters':
          checkFilters(value, schema, at(key));
          break;
        case 'populate':
          checkPopulate(value, schema, at(key));
          break;
        case 'on':
          if (!isPlainObject(value)) refuse(`${at(key)} must map components to their options`);
          for (const [component, options] of Object.entries(value))
            checkParams(options, modelOf(component), `${at(key)}[${component}]`);
          break;
        case 'pagination':
          if (!isPlainObject(value)) refuse(`${at(key)} must be a group of pagination options`);
          for (const [name, option] of Object.entries(value)) {
            if (!PAGINATION_KEYS.has(name))
              refuse(`${at(key)}[${name}] is not a pagination option`);
            checkPaginationValue(name, option, `${at(key)}[${name}]`);
          }
          break;
        default:
          if (PAGINATION_KEYS.has(key) || YES_NO_KEYS.has(key))
            checkPaginationValue(key, value, at(key));
      }
    }
  }

  function checkPaginationValue(name, value, where) {
    if (YES_NO_KEYS.has(name)) {
      try {
        parseType({ type: 'boolean', value });
      } catch {
        refuse(`${where} must be true or false`);
      }
      return;
    }
    const number =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\d{1,9}$/.test(value)
          ? Number(value)
          : NaN;
    if (!Number.isInteger(number) || number < 0) refuse(`${where} must be a whole number`);
  }

  /** Throws a ValidationError that names the first malformed part of `query`, a query on entries of `schema`. */
  return function assertWellFormedQuery(query, schema) {
    checkParams(query ?? {}, schema);
  };
}

module.exports = { createQueryShapeCheck };
