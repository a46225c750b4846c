'use strict';

const { GraphQLError, Kind, parse } = require('graphql');

/**
 * How big one GraphQL request may be (without limits, one anonymous 60 KB query with 500 aliases
 * held the CMS for 11 s, and every other request waited behind it). Each aliased field is resolved
 * on its own, with its own database queries, so the cost of a query grows with the fields it names,
 * counted after fragments are expanded. The app's largest document is far below these figures;
 * tests/lib/cms/graphql-limits.test.ts checks every document the app sends against them.
 * - maxTokens: the parser stops past this many tokens, before any validation runs.
 * - maxFields: field selections in one operation, fragments expanded each time they are spread.
 * - maxAliases: aliased fields in one operation (the way to ask for the same field many times).
 */
const GRAPHQL_LIMITS = Object.freeze({ maxTokens: 5000, maxFields: 600, maxAliases: 20 });

const TOO_COSTLY = 'QUERY_TOO_COSTLY';

/**
 * Fields and aliases of each operation in a parsed document: { [operationName]: { fields, aliases } }
 * (an anonymous operation is keyed ''). A fragment that spreads itself is counted once: the
 * standard NoFragmentCycles rule refuses such a document anyway.
 */
function queryCost(document) {
  const fragments = new Map();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const costs = {};
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const cost = { fields: 0, aliases: 0 };
    countSelections(definition.selectionSet, fragments, new Set(), cost);
    costs[definition.name?.value ?? ''] = cost;
  }
  return costs;
}

function countSelections(selectionSet, fragments, spreading, cost) {
  if (!selectionSet) return;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      cost.fields += 1;
      if (selection.alias) cost.aliases += 1;
      countSelections(selection.selectionSet, fragments, spreading, cost);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      countSelections(selection.selectionSet, fragments, spreading, cost);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || spreading.has(name)) continue;
      spreading.add(name);
      countSelections(fragment.selectionSet, fragments, spreading, cost);
      spreading.delete(name);
    }
  }
}

/** The refusals for a parsed document, as messages (empty when it is within the limits). */
function costProblems(document, limits = GRAPHQL_LIMITS) {
  const problems = [];
  for (const [name, cost] of Object.entries(queryCost(document))) {
    const label = name ? `The operation ${name}` : 'This operation';
    if (cost.aliases > limits.maxAliases) {
      problems.push(
        `${label} uses ${cost.aliases} aliases; the limit is ${limits.maxAliases}. Send several smaller queries instead.`,
      );
    }
    if (cost.fields > limits.maxFields) {
      problems.push(
        `${label} asks for ${cost.fields} fields; the limit is ${limits.maxFields}. Send several smaller queries instead.`,
      );
    }
  }
  return problems;
}

/** An Apollo / graphql-js validation rule: refuses an operation over the limits before it runs. */
function queryCostRule(context) {
  return {
    Document(document) {
      for (const message of costProblems(document)) {
        context.reportError(new GraphQLError(message, { extensions: { code: TOO_COSTLY } }));
      }
      return false; // counted the whole document here: no need to visit its nodes
    },
  };
}

/** For tests: what the CMS would say about a document's size ([] when it would run it). */
function checkQuerySize(source, limits = GRAPHQL_LIMITS) {
  let document;
  try {
    document = parse(source, { maxTokens: limits.maxTokens });
  } catch (error) {
    return [error.message];
  }
  return costProblems(document, limits);
}

module.exports = { GRAPHQL_LIMITS, TOO_COSTLY, queryCost, queryCostRule, checkQuerySize };
