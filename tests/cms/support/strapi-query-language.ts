import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Strapi's own list of content-API query parameters and filter operators, read from the CMS's
// installed @strapi/utils when a test runs, so a parameter or operator Strapi adds is in the
// tests the day it ships, without editing them.

const cmsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'cms');
const requireCms = createRequire(join(cmsDir, 'package.json'));

interface StrapiUtils {
  ALLOWED_QUERY_PARAM_KEYS: readonly string[];
  isOperator: (key: string) => boolean;
  isOperatorOfType: (type: string, key: string) => boolean;
}

const utils = requireCms('@strapi/utils') as StrapiUtils;

/** The query parameters the REST content API accepts (pagination, _q, filters, ... ). */
export const QUERY_PARAMETERS: readonly string[] = utils.ALLOWED_QUERY_PARAM_KEYS;

export type OperatorKind = 'where' | 'cast' | 'group' | 'array';

/**
 * Strapi's operator table (@strapi/utils operators.js: where, group, cast and array operators).
 * The module exports only `isOperator`/`isOperatorOfType`, not its lists, so the test evaluates
 * its source and returns the table it builds; every operator found must satisfy Strapi's own
 * `isOperator`, so a renamed table fails here instead of leaving operators out.
 */
function loadOperators(): Record<OperatorKind, string[]> {
  const source = readFileSync(requireCms.resolve('@strapi/utils/dist/operators.js'), 'utf8');
  const table = new Function('exports', 'require', `${source}\n;return OPERATORS;`)(
    {},
    requireCms,
  ) as Record<OperatorKind, string[]>;
  for (const kind of ['where', 'group', 'cast', 'array'] as const) {
    if (!Array.isArray(table[kind]) || table[kind].length === 0)
      throw new Error(`Strapi's operator table has no ${kind} operators`);
    for (const operator of table[kind]) {
      if (!utils.isOperatorOfType(kind, operator))
        throw new Error(`Strapi does not call ${operator} a ${kind} operator`);
    }
  }
  return table;
}

const OPERATORS = loadOperators();
/** Every operator a REST filter may name: $and/$or and every field operator. */
export const ALL_OPERATORS: readonly string[] = [
  ...new Set([...OPERATORS.group, ...OPERATORS.where]),
];
export const isOperatorOf = (kind: OperatorKind, operator: string) =>
  utils.isOperatorOfType(kind, operator);
