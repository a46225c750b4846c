'use strict';

const { errors } = require('@strapi/utils');
const { SUBSCRIBER_FIELDS, SUBSCRIBER_TYPES } = require('./roles');

const FILE = 'plugin::upload.file';
// REST and the Document Service write `$and`; GraphQL arguments arrive as `and` before Strapi
// transforms them (the relation resolvers are checked on the raw arguments).
const LOGICAL = new Set(['$and', '$or', '$not', 'and', 'or', 'not']);
const POPULATABLE = new Set(['relation', 'component', 'media', 'dynamiczone']);

/**
 * The subscriber-only rule as functions of the content-type graph, for every depth: which
 * fields are hidden from non-subscribers, whether a filter, sort or search touches one (anywhere
 * inside $and/$or/$not and relation paths), and how a populate or a result looks without them.
 * `getModel` is strapi.getModel; nothing here knows about requests.
 */
function createSubscriberQueryRules(getModel) {
  const attributesOf = (uid) => (uid ? getModel(uid)?.attributes : undefined) ?? {};

  function isHidden(uid, name) {
    if (SUBSCRIBER_FIELDS[uid]?.includes(name)) return true;
    const attribute = attributesOf(uid)[name];
    return attribute?.type === 'relation' && SUBSCRIBER_TYPES.includes(attribute.target);
  }

  /** The one type an attribute leads to (dynamic zones have several: null). */
  function targetOf(attribute) {
    if (attribute?.type === 'relation') return attribute.target ?? null;
    if (attribute?.type === 'media') return FILE;
    if (attribute?.type === 'component') return attribute.component;
    return null;
  }

  /** The first hidden field a filter tree touches, as 'units.introduction', or null. */
  function hiddenInFilters(uid, filters, path = []) {
    if (Array.isArray(filters)) {
      for (const item of filters) {
        const found = hiddenInFilters(uid, item, path);
        if (found) return found;
      }
      return null;
    }
    if (!filters || typeof filters !== 'object') return null;
    for (const [key, value] of Object.entries(filters)) {
      if (LOGICAL.has(key)) {
        const found = hiddenInFilters(uid, value, path);
        if (found) return found;
        continue;
      }
      const attribute = attributesOf(uid)[key];
      if (!attribute) continue; // an operator ($eq, containsi, ...) or a key Strapi refuses itself
      if (isHidden(uid, key)) return [...path, key].join('.');
      const target = targetOf(attribute);
      const found = target ? hiddenInFilters(target, value, [...path, key]) : null;
      if (found) return found;
    }
    return null;
  }

  /** The same for a dotted path such as 'units.introduction'. */
  function hiddenInDottedPath(uid, dotted) {
    let current = uid;
    const names = dotted.split('.');
    for (const [index, name] of names.entries()) {
      if (!current) return null;
      if (isHidden(current, name)) return names.slice(0, index + 1).join('.');
      current = targetOf(attributesOf(current)[name]);
    }
    return null;
  }

  /** The first hidden field a sort touches ('a:asc,b.c:desc', arrays, { a: 'asc', b: { c: 'desc' } }), or null. */
  function hiddenInSort(uid, sort, path = []) {
    if (typeof sort === 'string') {
      for (const part of sort.split(',')) {
        const found = hiddenInDottedPath(uid, part.split(':')[0].trim());
        if (found) return [...path, found].join('.');
      }
      return null;
    }
    if (Array.isArray(sort)) {
      for (const item of sort) {
        const found = hiddenInSort(uid, item, path);
        if (found) return found;
      }
      return null;
    }
    if (!sort || typeof sort !== 'object') return null;
    for (const [key, value] of Object.entries(sort)) {
      const found = hiddenInDottedPath(uid, key);
      if (found) return [...path, found].join('.');
      const target = targetOf(attributesOf(uid)[key]);
      const deeper =
        target && value && typeof value === 'object'
          ? hiddenInSort(target, value, [...path, key])
          : null;
      if (deeper) return deeper;
    }
    return null;
  }

  /** True when entries of `uid` hold a hidden field. */
  const holdsHiddenFields = (uid) =>
    Object.keys(attributesOf(uid)).some((name) => isHidden(uid, name));

  /**
   * Refuses a filter or sort on a hidden field, and a full-text search (`_q`, which reads every
   * text field of the entry) on a type that holds one. The same ValidationError whatever value
   * was asked for, so the answer says nothing about the hidden content.
   */
  /** @param {string} uid @param {{ filters?: unknown, sort?: unknown, _q?: unknown }} [query] */
  function assertNoHiddenQuery(uid, { filters, sort, _q: search } = {}) {
    const found = hiddenInFilters(uid, filters) ?? hiddenInSort(uid, sort);
    if (found)
      throw new errors.ValidationError(
        `Filtering or sorting by ${found} needs an active subscription`,
      );
    if (search !== undefined && search !== null && holdsHiddenFields(uid)) {
      throw new errors.ValidationError('Searching these entries needs an active subscription');
    }
  }

  // Always a list: a comma-separated text left empty (`fields=introduction`) would name a column
  // with no name, a 500, where the empty list answers the entries without the field.
  const withoutHiddenFields = (uid, fields) => {
    if (typeof fields === 'string')
      return fields
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && !isHidden(uid, name));
    return Array.isArray(fields) ? fields.filter((name) => !isHidden(uid, name)) : fields;
  };

  /** One level of query parameters (the top level, or a populated relation's): checked and pruned. */
  function pruneParams(uid, params) {
    if (!params || typeof params !== 'object') return params;
    assertNoHiddenQuery(uid, params);
    const pruned = { ...params };
    if (pruned.fields !== undefined) pruned.fields = withoutHiddenFields(uid, pruned.fields);
    if (pruned.populate !== undefined) pruned.populate = prunePopulate(uid, pruned.populate);
    if (pruned.on && typeof pruned.on === 'object') {
      pruned.on = Object.fromEntries(
        Object.entries(pruned.on).map(([component, sub]) => [
          component,
          pruneParams(component, sub),
        ]),
      );
    }
    return pruned;
  }

  /** A populate without hidden fields at any depth, in any of Strapi's spellings. */
  function prunePopulate(uid, populate) {
    if (populate === '*' || populate === true || populate === 'true') {
      const names = Object.entries(attributesOf(uid)).filter(([, attribute]) =>
        POPULATABLE.has(attribute.type),
      );
      if (!names.some(([name]) => isHidden(uid, name))) return populate;
      // Strapi's own expansion of '*' (sanitize: expand-wildcard-populate), less the hidden fields.
      return Object.fromEntries(
        names.filter(([name]) => !isHidden(uid, name)).map(([name]) => [name, true]),
      );
    }
    if (typeof populate === 'string') return prunePopulate(uid, populate.split(','));
    if (Array.isArray(populate)) {
      return populate.filter(
        (entry) => typeof entry !== 'string' || !hiddenInDottedPath(uid, entry.trim()),
      );
    }
    if (!populate || typeof populate !== 'object') return populate;
    const pruned = {};
    for (const [name, value] of Object.entries(populate)) {
      if (isHidden(uid, name)) continue;
      const attribute = attributesOf(uid)[name];
      const target = targetOf(attribute);
      if (value && typeof value === 'object')
        pruned[name] =
          attribute?.type === 'dynamiczone' ? pruneParams(null, value) : pruneParams(target, value);
      else pruned[name] = value;
    }
    return pruned;
  }

  /** Deletes hidden fields from a Document Service result of type `uid`, at every depth. */
  function stripResult(uid, value) {
    if (Array.isArray(value)) {
      for (const item of value) stripResult(uid, item);
      return value;
    }
    if (!uid || !value || typeof value !== 'object') return value;
    const attributes = attributesOf(uid);
    for (const key of Object.keys(value)) {
      if (isHidden(uid, key)) {
        delete value[key];
        continue;
      }
      const attribute = attributes[key];
      if (attribute?.type === 'dynamiczone') {
        for (const item of Array.isArray(value[key]) ? value[key] : [])
          stripResult(item?.__component, item);
      } else if (attribute && POPULATABLE.has(attribute.type)) {
        stripResult(targetOf(attribute), value[key]);
      }
    }
    return value;
  }

  return {
    isHidden,
    targetOf,
    hiddenInFilters,
    hiddenInSort,
    assertNoHiddenQuery,
    pruneParams,
    prunePopulate,
    stripResult,
  };
}

module.exports = { createSubscriberQueryRules };
