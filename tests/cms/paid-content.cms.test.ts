// @vitest-environment node
import { createHash, createPublicKey, verify, type JsonWebKey as NodeJwk } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bootTestCms } from './support/test-cms';
import {
  componentTypeName,
  loadContentGraph,
  populateQuery,
  relationPaths,
  restPath,
  rootField,
  targetsOf,
  typesReadableBy,
  type ContentGraph,
  type Step,
} from './content-graph';
import { ALL_OPERATORS, QUERY_PARAMETERS, isOperatorOf } from './support/strapi-query-language';

// Paid content reaches only those who have paid: subscriber-only fields must be empty for visitors
// and trial users at every depth, in REST and GraphQL, for populate, filters and sort; the media
// library is not listed; a subscriber-only document needs a subscriber's token. The test walks the
// CMS's own content-type graph, so a new relation is covered without editing it.

const cmsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cms');

const SCHEME = 'api::scheme.scheme';
const PROGRAMME = 'api::programme.programme';
/** Spec part 2: a unit's contents; everyone may list units by title and blurb (the unit cards). */
const UNIT_CONTENTS = [
  'introduction',
  'documents',
  'lessons',
  'scheme_activities',
  'activity_sections',
  'scheme_library',
];
const DEPTH = 4;
const FAKE = 'zq-no-such-text-xj';

const graph: ContentGraph = loadContentGraph(cmsDir);
const readableBy = (role: string) => typesReadableBy(cmsDir, role);
const openTypes = new Set([...readableBy('public'), ...readableBy('authenticated')]);
/** Whole types for subscribers only: readable by the subscriber role and by neither of the others. */
const subscriberTypes = new Set(
  [...readableBy('active_subscriber')].filter((uid) => !openTypes.has(uid)),
);

function isHidden(uid: string, attribute: string): boolean {
  if (uid === SCHEME && UNIT_CONTENTS.includes(attribute)) return true;
  const definition = graph.get(uid)?.attributes[attribute];
  return !!definition && targetsOf(definition).some((target) => subscriberTypes.has(target));
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** Where, in a REST answer of type `uid`, a subscriber-only field has a value. */
function hiddenValues(uid: string, value: unknown, path: string, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => hiddenValues(uid, item, `${path}[${index}]`, found));
    return found;
  }
  if (!value || typeof value !== 'object') return found;
  const type = graph.get(uid);
  if (!type) return found;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (isHidden(uid, key) && !isEmpty(child)) found.push(`${path}.${key} (${uid})`);
    const definition = type.attributes[key];
    if (!definition) continue;
    if (definition.type === 'dynamiczone') {
      for (const [index, item] of (Array.isArray(child) ? child : []).entries()) {
        const component = (item as { __component?: string }).__component;
        if (component) hiddenValues(component, item, `${path}.${key}[${index}]`, found);
      }
    } else {
      const target = targetsOf(definition)[0];
      if (target) hiddenValues(target, child, `${path}.${key}`, found);
    }
  }
  return found;
}

const tokens: Record<'trial' | 'subscriber', string> = { trial: '', subscriber: '' };
const metrics = { paths: 0, restRequests: 0, graphqlRequests: 0, fallbackPaths: 0 };

const cms = bootTestCms('paid');
/** Counted, for the figures printed at the end. */
const rest = (path: string, token?: string, headers: Record<string, string> = {}) => {
  metrics.restRequests += 1;
  return cms.rest(path, token, { headers });
};
const graphql = (query: string, token?: string, variables: Record<string, unknown> = {}) => {
  metrics.graphqlRequests += 1;
  return cms.graphql(query, token, variables);
};

const endpoint = (uid: string) =>
  graph.get(uid)!.kind === 'singleType'
    ? restPath(graph, uid)
    : `${restPath(graph, uid)}?pagination[pageSize]=100`;
const join2 = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** A value of each subscriber-only unit field that the seed really has, read as a subscriber. */
const realValues: Record<string, string> = {};

beforeAll(async () => {
  tokens.trial = await cms.logIn(DEMO.trial);
  tokens.subscriber = await cms.logIn(DEMO.subscriber);

  const { status, body } = await rest('/api/schemes?populate=*', tokens.subscriber);
  expect(status).toBe(200);
  const units = (body as { data: Record<string, unknown>[] }).data;
  const first = <T>(pick: (unit: Record<string, unknown>) => T | undefined) =>
    units.map(pick).find((value) => value !== undefined && value !== null);
  const firstOf = (field: string, key: string) =>
    first((unit) => {
      const value = unit[field];
      const item = (Array.isArray(value) ? value[0] : value) as Record<string, string> | undefined;
      return item?.[key];
    });
  const values: Record<string, string | undefined> = {
    introduction: first((unit) =>
      typeof unit.introduction === 'string' ? unit.introduction.slice(3, 20) : undefined,
    ),
    documents: firstOf('documents', 'name'),
    lessons: firstOf('lessons', 'title'),
    scheme_activities: firstOf('scheme_activities', 'title'),
    activity_sections: firstOf('activity_sections', 'title'),
    scheme_library: firstOf('scheme_library', 'title'),
  };
  // The seed must have every subscriber-only field filled in, or the test could not fail.
  for (const field of UNIT_CONTENTS) {
    expect(values[field], `the seed has a unit with ${field} (as a subscriber)`).toBeTruthy();
    realValues[field] = values[field]!;
  }
});

afterAll(() => {
  console.info(
    `paid-content: ${metrics.paths} populate paths, ${metrics.restRequests} REST and ${metrics.graphqlRequests} GraphQL requests (${metrics.fallbackPaths} paths requested one by one); every parameter and operator: ${oracleMetrics.sites} sites, ${oracleMetrics.fieldSites} hidden fields at them, ${oracleMetrics.restProbes} REST and ${oracleMetrics.graphqlProbes} GraphQL probes, each with a matching and a made-up value`,
  );
});

const VIEWERS = [
  ['a visitor', () => undefined],
  ['a trial user', () => tokens.trial],
] as const;

describe('populate: every relation path from every open type', () => {
  it.each(VIEWERS)('gives %s no subscriber-only field at any depth (REST)', async (_who, token) => {
    const roots = [...openTypes].filter(
      (uid) => token() !== undefined || readableBy('public').has(uid),
    );
    for (const root of roots) {
      const paths = relationPaths(graph, root, DEPTH);
      metrics.paths += paths.length;
      // One request per first step keeps URLs short and the CMS's work per request bounded.
      const groups = new Map<string, Step[][]>();
      for (const path of paths)
        groups.set(path[0]!.attribute, [...(groups.get(path[0]!.attribute) ?? []), path]);
      for (const group of groups.values()) {
        let answers = [
          await rest(join2(endpoint(root), populateQuery(graph, root, group)), token()),
        ];
        if (answers[0]!.status === 400) {
          // Refused as a whole (a path the role may not populate): try each path on its own.
          metrics.fallbackPaths += group.length;
          answers = [];
          for (const path of group)
            answers.push(
              await rest(join2(endpoint(root), populateQuery(graph, root, [path])), token()),
            );
        }
        for (const answer of answers) {
          expect(
            [200, 400, 403, 404],
            `${root}: ${JSON.stringify(answer.body).slice(0, 300)}`,
          ).toContain(answer.status);
          if (answer.status !== 200) continue;
          expect(
            hiddenValues(root, (answer.body as { data: unknown }).data, root),
            `${root} populated`,
          ).toEqual([]);
        }
      }
    }
  });

  it('shows the same paths to a subscriber with the unit contents in them (the walk can see them)', async () => {
    const path = '/api/activity-pages?populate[programme][populate][units][populate]=*';
    const { body } = await rest(path, tokens.subscriber);
    const found = hiddenValues(
      'api::activity-page.activity-page',
      (body as { data: unknown }).data,
      'activity-pages',
    );
    for (const field of UNIT_CONTENTS)
      expect(
        found.some((where) => where.includes(`.${field} `)),
        field,
      ).toBe(true);
  });
});

/** REST filter on a unit field: the condition that a seeded unit matches with `value`. */
const restCondition = (field: string, value: string) => {
  const v = encodeURIComponent(value);
  return field === 'introduction'
    ? `[${field}][$containsi]=${v}`
    : `[${field}][${field === 'documents' ? 'name' : 'title'}][$containsi]=${v}`;
};
const gqlCondition = (field: string) =>
  field === 'introduction'
    ? `{ introduction: { containsi: $q } }`
    : `{ ${field}: { ${field === 'documents' ? 'name' : 'title'}: { containsi: $q } } }`;

/** REST ways to ask whether a hidden field holds `value`: at depth 1, through relations, in logic and in populate. */
const restFilterProbes = (field: string, value: string) => {
  const condition = restCondition(field, value);
  return [
    `/api/schemes?filters${condition}`,
    `/api/programmes?filters[units]${condition}`,
    `/api/activity-pages?filters[programme][units]${condition}`,
    `/api/programmes?filters[$or][0][units]${condition}&filters[$or][1][slug][$eq]=none`,
    `/api/programmes?filters[$and][0][$not][units]${condition}`,
    `/api/programmes?populate[units][filters]${condition}`,
    `/api/activity-pages?populate[programme][populate][units][filters]${condition}`,
  ];
};
const gqlFilterProbes = (field: string) => [
  `query P($q: String) { schemes(filters: ${gqlCondition(field)}) { documentId } }`,
  `query P($q: String) { programmes(filters: { units: ${gqlCondition(field)} }) { documentId } }`,
  `query P($q: String) { activityPages(filters: { programme: { units: ${gqlCondition(field)} } }) { documentId } }`,
  `query P($q: String) { schemes(filters: { or: [${gqlCondition(field)}] }) { documentId } }`,
  `query P($q: String) { programmes(filters: { not: { units: ${gqlCondition(field)} } }) { documentId } }`,
  `query P($q: String) { programmes { units(filters: ${gqlCondition(field)}) { documentId } } }`,
  `query P($q: String) { activityPages { programme { units(filters: ${gqlCondition(field)}) { documentId } } } }`,
];

describe('`fields` naming subscriber-only fields', () => {
  it.each(VIEWERS)(
    'answers %s the entries without them in every spelling, never a 500',
    async (_who, token) => {
      const spellings = [
        '=introduction',
        '=introduction,blurb',
        '=%20introduction',
        '[0]=introduction',
        '=title,introduction',
      ];
      const programmes = restPath(graph, PROGRAMME);
      const asked = [
        ...spellings.map((fields) => ({ root: SCHEME, path: `/api/schemes?fields${fields}` })),
        ...spellings.map((fields) => ({
          root: PROGRAMME,
          path: `${programmes}?populate[units][fields]${fields}`,
        })),
      ];
      for (const { root, path } of asked) {
        const answer = await rest(path, token());
        expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(200);
        expect(hiddenValues(root, (answer.body as { data: unknown }).data, root), path).toEqual([]);
      }
    },
  );
});

describe('filters and sort on subscriber-only fields are no oracle', () => {
  it('answers a subscriber differently for a real and a made-up value (so the probes can tell)', async () => {
    const probe = (value: string) =>
      rest(`/api/schemes?filters${restCondition('introduction', value)}`, tokens.subscriber);
    const [real, fake] = [await probe(realValues.introduction!), await probe(FAKE)];
    expect(JSON.stringify(real.body)).not.toEqual(JSON.stringify(fake.body));
  });

  it.each(VIEWERS)(
    'gives %s the same REST answer whatever the value, or refuses it',
    async (_who, token) => {
      for (const field of UNIT_CONTENTS) {
        const real = restFilterProbes(field, realValues[field]!);
        const fake = restFilterProbes(field, FAKE);
        for (const [index, path] of real.entries()) {
          const [a, b] = [await rest(path, token()), await rest(fake[index]!, token())];
          expect({ status: b.status, body: b.body }, path).toEqual({
            status: a.status,
            body: a.body,
          });
          expect(a.status, path).not.toBe(500);
        }
      }
      const sorts = [
        ['/api/schemes?sort=introduction:asc', '/api/schemes?sort=introduction:desc'],
        ['/api/schemes?sort[0][introduction]=asc', '/api/schemes?sort[0][introduction]=desc'],
        [
          '/api/programmes?sort=units.introduction:asc',
          '/api/programmes?sort=units.introduction:desc',
        ],
        [
          '/api/programmes?populate[units][sort]=introduction:asc',
          '/api/programmes?populate[units][sort]=introduction:desc',
        ],
        [
          '/api/programmes?populate[units][sort][0][lessons][title]=asc',
          '/api/programmes?populate[units][sort][0][lessons][title]=desc',
        ],
      ];
      for (const [asc, desc] of sorts) {
        const [a, b] = [await rest(asc!, token()), await rest(desc!, token())];
        expect({ status: b.status, body: b.body }, desc).toEqual({
          status: a.status,
          body: a.body,
        });
      }
    },
  );

  it.each(VIEWERS)(
    'gives %s the same GraphQL answer whatever the value, or refuses it',
    async (_who, token) => {
      for (const field of UNIT_CONTENTS) {
        for (const query of gqlFilterProbes(field)) {
          const [a, b] = [
            await graphql(query, token(), { q: realValues[field] }),
            await graphql(query, token(), { q: FAKE }),
          ];
          expect(b, `${field}: ${query}`).toEqual(a);
        }
      }
      for (const query of [
        (order: string) => `{ schemes(sort: "introduction:${order}") { documentId } }`,
        (order: string) => `{ programmes { units(sort: "introduction:${order}") { documentId } } }`,
      ]) {
        expect(await graphql(query('desc'), token()), query('asc')).toEqual(
          await graphql(query('asc'), token()),
        );
      }
    },
  );
});

const UNIT_SELECTION =
  '__typename documentId title introduction documents { url } lessons { documentId } scheme_activities { title } activity_sections { title } scheme_library { title }';

/** One GraphQL selection set holding every path, each ending in a unit with all its contents. */
function selection(paths: Step[][]): string {
  interface Node {
    fields: Map<string, Node>;
    fragments: Map<string, Node>;
    unit: boolean;
  }
  const node = (): Node => ({ fields: new Map(), fragments: new Map(), unit: false });
  const root = node();
  for (const path of paths) {
    let current = root;
    for (const step of path) {
      const field = current.fields.get(step.attribute) ?? node();
      current.fields.set(step.attribute, field);
      current = field;
      if (step.on) {
        const fragment = field.fragments.get(step.on) ?? node();
        field.fragments.set(step.on, fragment);
        current = fragment;
      }
    }
    current.unit = true;
  }
  const write = (current: Node): string => {
    const parts = [...current.fields].map(([name, child]) => `${name} { ${write(child)} }`);
    parts.push(
      ...[...current.fragments].map(
        ([uid, child]) => `... on ${componentTypeName(uid)} { ${write(child)} }`,
      ),
    );
    if (current.unit) parts.unshift(UNIT_SELECTION);
    if (current.fragments.size > 0) parts.unshift('__typename');
    return parts.join(' ');
  };
  return write(root);
}

function unitsWithContents(value: unknown, found: string[] = [], path = ''): string[] {
  if (Array.isArray(value))
    value.forEach((item, index) => unitsWithContents(item, found, `${path}[${index}]`));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.__typename === 'Scheme') {
      for (const field of UNIT_CONTENTS)
        if (!isEmpty(record[field])) found.push(`${path}.${field}`);
    }
    for (const [key, child] of Object.entries(record))
      unitsWithContents(child, found, `${path}.${key}`);
  }
  return found;
}

describe('GraphQL selections through relations', () => {
  it.each(VIEWERS)(
    'gives %s every unit reached through any relation path with its contents empty',
    async (_who, token) => {
      const roots = [...openTypes].filter(
        (uid) => token() !== undefined || readableBy('public').has(uid),
      );
      let unitsSeen = 0;
      for (const root of roots) {
        // Paths that end at a unit and pass through no subscriber-only type or field on the way.
        const paths = relationPaths(graph, root, DEPTH).filter(
          (path) =>
            path.at(-1)!.target === SCHEME &&
            path.every(
              (step, index) =>
                !subscriberTypes.has(step.target) &&
                (index === 0 || !isHidden(path[index - 1]!.target, step.attribute)),
            ),
        );
        if (paths.length === 0) continue;
        const field = rootField(graph, root);
        const answer = await graphql(`{ ${field} { ${selection(paths)} } }`, token());
        expect(
          answer.errors,
          `${field}: ${JSON.stringify(answer.errors)?.slice(0, 300)}`,
        ).toBeUndefined();
        expect(unitsWithContents(answer.data), field).toEqual([]);
        unitsSeen += JSON.stringify(answer.data).split('"__typename":"Scheme"').length - 1;
      }
      expect(unitsSeen, 'units reached').toBeGreaterThan(0);
    },
  );
});

// Every query parameter and filter operator Strapi accepts, on every subscriber-only field that a
// visitor or trial user can reach: the lists come from Strapi's own code when the test runs
// (support/strapi-query-language.ts), so a new parameter or operator is walked the day it ships.

/** Operators whose operand Strapi casts to yes/no (convert-query-params.js): they ask "is it empty?". */
const YES_NO_OPERATORS = new Set(['$null', '$notNull']);
/** Valid values for the parameters that carry no field value; each is sent beside a hidden-field probe. */
const MODIFIER_VALUES: Record<string, string> = {
  status: 'status=published',
  locale: 'locale=en',
  page: 'page=1',
  pageSize: 'pageSize=5',
  start: 'start=0',
  limit: 'limit=5',
  pagination: 'pagination[page]=1&pagination[pageSize]=5',
  count: 'count=true',
  ordering: 'ordering=asc',
  publicationFilter: 'publicationFilter=has-published-version',
  hasPublishedVersion: 'hasPublishedVersion=true',
};
/** Parameters with probes of their own below; every other one Strapi lists is a modifier or gets generic probes. */
const VALUE_PARAMETERS = new Set(['filters', 'sort', '_q', 'fields', 'populate']);
const SITE_DEPTH = 3;
/** The walks send hundreds of requests; a busy two-core machine answers them slowly. */
const WALK_TIMEOUT = 180_000;
const oracleMetrics = {
  sites: 0,
  fieldSites: 0,
  restProbes: 0,
  graphqlProbes: 0,
  operators: new Set<string>(),
  parameters: new Set<string>(),
};

const holdsHidden = (uid: string) =>
  Object.keys(graph.get(uid)?.attributes ?? {}).some((name) => isHidden(uid, name));
const hiddenFieldsOf = (uid: string) =>
  Object.keys(graph.get(uid)?.attributes ?? {}).filter((name) => isHidden(uid, name));
const FILE = 'plugin::upload.file';

/** A place where a subscriber-only field can be asked about: a readable root, a relation path, the type holding the field. */
interface Site {
  root: string;
  path: Step[];
  holder: string;
}

function sitesFrom(root: string): Site[] {
  const sites: Site[] = holdsHidden(root) ? [{ root, path: [], holder: root }] : [];
  for (const path of relationPaths(graph, root, SITE_DEPTH)) {
    const holder = path.at(-1)!.target;
    const open = path.every(
      (step, index) =>
        !subscriberTypes.has(step.target) &&
        !isHidden(index === 0 ? root : path[index - 1]!.target, step.attribute),
    );
    if (holdsHidden(holder) && open) sites.push({ root, path, holder });
  }
  return sites;
}

/** The key a condition on a hidden field uses: the field itself, or a text field of the entries it leads to. */
function conditionKey(holder: string, field: string): { keys: string[]; target: string | null } {
  const target = targetsOf(graph.get(holder)!.attributes[field]!)[0] ?? null;
  if (!target) return { keys: [field], target: null };
  const attributes =
    target === FILE ? { name: { type: 'string' } } : (graph.get(target)?.attributes ?? {});
  const key = ['title', 'name'].find((name) => name in attributes) ?? 'documentId';
  return { keys: [field, key], target };
}

/** A value of each hidden field that the seed really has (as a subscriber), keyed 'holder field'. */
const hiddenValueCache = new Map<string, string>();
async function realValueOf(holder: string, field: string): Promise<string> {
  if (holder === SCHEME && realValues[field]) return realValues[field]!;
  const cacheKey = `${holder} ${field}`;
  if (!hiddenValueCache.has(cacheKey)) {
    const { keys, target } = conditionKey(holder, field);
    const type = target ? graph.get(target) : undefined;
    let value = 'zq-no-seeded-value';
    if (type?.pluralName) {
      const { body } = await rest(
        `/api/${type.pluralName}?pagination[pageSize]=1&fields[0]=${keys[1]}`,
        tokens.subscriber,
      );
      const found = (body as { data?: Record<string, unknown>[] }).data?.[0]?.[keys[1]!];
      if (typeof found === 'string' && found) value = found;
    }
    hiddenValueCache.set(cacheKey, value);
  }
  return hiddenValueCache.get(cacheKey)!;
}

const brackets = (names: string[]) => names.map((name) => `[${name}]`).join('');
/** populate[a][populate][b][on][component]... down to the site's holder. */
const populatePrefix = (path: Step[]) =>
  'populate' +
  path
    .map(
      (step, index) =>
        `[${step.attribute}]${step.on ? `[on][${step.on}]` : ''}${index < path.length - 1 ? '[populate]' : ''}`,
    )
    .join('');

/** The query text for `operator` on the condition key `key`, matching the hidden value or not. */
function operatorQuery(key: string, operator: string, value: string, matches: boolean): string {
  const v = encodeURIComponent(value);
  if (YES_NO_OPERATORS.has(operator)) return `${key}[${operator}]=${matches}`;
  if (operator === '$not') return `${key}[$not][$containsi]=${v}`;
  if (isOperatorOf('array', operator))
    return `${key}[${operator}][0]=${v}&${key}[${operator}][1]=${v}`;
  return `${key}[${operator}]=${v}`;
}

interface Probe {
  parameter: string;
  operator?: string;
  /** The request for a value that matches the hidden one (true) or one that does not (false). */
  query: (matches: boolean) => string;
  /** Must be refused (a 400), not merely answered the same. */
  refused: boolean;
}

/** REST probes for one hidden field at one site; `operators` and `modifiers` say which of those to send here. */
function restProbes(
  site: Site,
  field: string,
  real: string,
  operators: string[],
  modifiers: string[],
  offset: number,
): Probe[] {
  const value = (matches: boolean) => (matches ? real : FAKE);
  const { keys } = conditionKey(site.holder, field);
  const pathKeys = site.path.map((step) => step.attribute);
  const onRoot = site.path.length === 0;
  // The root's filters along the path, and the populated relation's own filters at the end of it.
  const forms = [{ head: 'filters', tail: brackets(pathKeys) }];
  if (!onRoot) forms.push({ head: `${populatePrefix(site.path)}[filters]`, tail: '' });
  const probes: Probe[] = [];
  for (const [index, operator] of operators.entries()) {
    const { head, tail } = forms[(index + offset) % forms.length]!;
    const query = isOperatorOf('group', operator)
      ? (matches: boolean) =>
          `${head}[${operator}][0]${tail}${brackets(keys)}[$containsi]=${encodeURIComponent(value(matches))}`
      : (matches: boolean) =>
          operatorQuery(`${head}${tail}${brackets(keys)}`, operator, value(matches), matches);
    probes.push({ parameter: 'filters', operator, query, refused: true });
  }
  const sortPath = [...pathKeys, ...keys].join('.');
  probes.push({
    parameter: 'sort',
    query: (matches) => `sort=${sortPath}:${matches ? 'asc' : 'desc'}`,
    refused: true,
  });
  if (!onRoot)
    probes.push({
      parameter: 'sort',
      query: (matches) =>
        `${populatePrefix(site.path)}[sort]=${keys.join('.')}:${matches ? 'asc' : 'desc'}`,
      refused: true,
    });
  const search = onRoot ? '_q' : `${populatePrefix(site.path)}[_q]`;
  probes.push({
    parameter: '_q',
    query: (matches) => `${search}=${encodeURIComponent(value(matches))}`,
    refused: onRoot,
  });
  const containsi = (matches: boolean) =>
    `filters${brackets([...pathKeys, ...keys])}[$containsi]=${encodeURIComponent(value(matches))}`;
  for (const parameter of modifiers) {
    const fixed = MODIFIER_VALUES[parameter];
    if (fixed) {
      probes.push({
        parameter,
        query: (matches) => `${fixed}&${containsi(matches)}`,
        refused: true,
      });
      if (onRoot)
        probes.push({
          parameter,
          query: (matches) => `${fixed}&_q=${encodeURIComponent(value(matches))}`,
          refused: true,
        });
    } else {
      // A parameter this test has no value for yet: it may carry the hidden value itself in any shape.
      for (const shape of ['', brackets(keys), `${brackets(keys)}[$containsi]`]) {
        probes.push({
          parameter,
          query: (matches) => `${parameter}${shape}=${encodeURIComponent(value(matches))}`,
          refused: false,
        });
      }
    }
  }
  return probes;
}

/** Requests that name the hidden field without a value: the answer must not hold it. */
function restSelections(site: Site, field: string): { parameter: string; query: string }[] {
  if (site.path.length === 0)
    return [
      { parameter: 'fields', query: `fields[0]=${field}` },
      { parameter: 'populate', query: `populate[${field}]=true` },
    ];
  const prefix = populatePrefix(site.path);
  return [
    { parameter: 'fields', query: `${prefix}[fields][0]=${field}` },
    { parameter: 'populate', query: `${prefix}[populate][${field}]=true` },
  ];
}

/** Runs `tasks` a few at a time: the CMS answers while the next request is on its way. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

const viewerRoots = (token: string | undefined) =>
  [...openTypes].filter((uid) => token !== undefined || readableBy('public').has(uid));

describe('every query parameter and filter operator Strapi accepts is no oracle on subscriber-only fields', () => {
  it('knows a probe for every query parameter and operator Strapi lists (read from @strapi/utils)', () => {
    expect(QUERY_PARAMETERS).toEqual(
      expect.arrayContaining([
        '_q',
        'filters',
        'sort',
        'fields',
        'populate',
        'status',
        'locale',
        'pagination',
      ]),
    );
    expect(ALL_OPERATORS).toEqual(
      expect.arrayContaining([
        '$eq',
        '$between',
        '$in',
        '$null',
        '$not',
        '$and',
        '$or',
        '$containsi',
      ]),
    );
  });

  it.each(VIEWERS)(
    'gives %s the same REST answer for a matching and a made-up value, for every parameter and operator',
    async (_who, token) => {
      const modifiers = QUERY_PARAMETERS.filter((parameter) => !VALUE_PARAMETERS.has(parameter));
      const firstSiteOf = new Set<string>();
      const work: { site: Site; field: string; first: boolean; rotation: number }[] = [];
      let rotation = 0;
      // Shortest paths first: a hidden field gets every probe where it is closest to the root (on the root itself when it can).
      const sites = viewerRoots(token())
        .flatMap(sitesFrom)
        .sort((a, b) => a.path.length - b.path.length);
      for (const site of sites) {
        oracleMetrics.sites += 1;
        for (const field of hiddenFieldsOf(site.holder)) {
          const first = !firstSiteOf.has(`${site.holder} ${field}`);
          firstSiteOf.add(`${site.holder} ${field}`);
          work.push({ site, field, first, rotation: rotation++ });
        }
      }
      expect(work.length, 'hidden fields reached').toBeGreaterThan(0);
      const failures: string[] = [];
      await inParallel(work, 4, async ({ site, field, first, rotation: turn }) => {
        oracleMetrics.fieldSites += 1;
        const real = await realValueOf(site.holder, field);
        const base = endpoint(site.root);
        // Every probe where a hidden field is first reached; elsewhere one of them in turn, so every
        // site and field is asked about and the run stays short.
        const probes = restProbes(site, field, real, [...ALL_OPERATORS], modifiers, turn);
        const selections = restSelections(site, field);
        for (const probe of first ? probes : [probes[turn % probes.length]!]) {
          oracleMetrics.restProbes += 1;
          if (probe.operator) oracleMetrics.operators.add(probe.operator);
          oracleMetrics.parameters.add(probe.parameter);
          const [a, b] = [
            await rest(join2(base, probe.query(true)), token()),
            await rest(join2(base, probe.query(false)), token()),
          ];
          const where = `${site.root} ${probe.query(true)}`;
          if (
            JSON.stringify({ status: a.status, body: a.body }) !==
            JSON.stringify({ status: b.status, body: b.body })
          ) {
            failures.push(
              `${where}: ${a.status} ${JSON.stringify(a.body).slice(0, 120)} vs ${b.status} ${JSON.stringify(b.body).slice(0, 120)}`,
            );
          } else if (a.status === 500 || (probe.refused && a.status !== 400)) {
            failures.push(`${where}: answered ${a.status}, expected a refusal`);
          }
        }
        for (const selection of first ? selections : [selections[turn % selections.length]!]) {
          oracleMetrics.parameters.add(selection.parameter);
          const answer = await rest(join2(base, selection.query), token());
          if (answer.status === 500) failures.push(`${site.root} ${selection.query}: 500`);
          if (answer.status === 200) {
            const found = hiddenValues(
              site.root,
              (answer.body as { data: unknown }).data,
              site.root,
            );
            if (found.length > 0)
              failures.push(`${site.root} ${selection.query}: ${found.join(', ')}`);
          }
        }
      });
      expect(failures).toEqual([]);
      expect([...oracleMetrics.operators].sort()).toEqual([...ALL_OPERATORS].sort());
      expect([...oracleMetrics.parameters].sort()).toEqual([...QUERY_PARAMETERS].sort());
    },
    WALK_TIMEOUT,
  );
});

interface GqlTypeRef {
  kind: string;
  name: string | null;
  ofType?: GqlTypeRef | null;
}
interface GqlField {
  name: string;
  type: GqlTypeRef;
  args?: { name: string; type: GqlTypeRef }[];
}
interface GqlType {
  name: string;
  kind: string;
  fields: GqlField[] | null;
  inputFields: GqlField[] | null;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
const namedType = (type: GqlTypeRef): GqlTypeRef => (type.ofType ? namedType(type.ofType) : type);
const isList = (type: GqlTypeRef): boolean =>
  type.kind === 'LIST' || (!!type.ofType && isList(type.ofType));

/** The GraphQL schema's types, read from the running CMS (introspection is on outside production). */
async function graphqlTypes(): Promise<Map<string, GqlType>> {
  const answer = await cms.graphql<{ __schema: { types: GqlType[] } }>(
    `{ __schema { types { name kind fields { name type { ${TYPE_REF} } args { name type { ${TYPE_REF} } } } inputFields { name type { ${TYPE_REF} } } } } }`,
  );
  expect(answer.errors, 'introspection').toBeUndefined();
  return new Map(answer.data!.__schema.types.map((type) => [type.name, type]));
}

/** A GraphQL literal for an operator's operand, of the type the schema gives it. */
function graphqlOperand(
  types: Map<string, GqlType>,
  type: GqlTypeRef,
  value: string,
  matches: boolean,
): string {
  const named = namedType(type);
  const text = JSON.stringify(value);
  if (isList(type)) return `[${text}, ${text}]`;
  if (named.kind === 'INPUT_OBJECT') {
    const inner = types
      .get(named.name!)
      ?.inputFields?.find((field) => field.name === 'containsi' || field.name === 'eq');
    return `{ ${inner?.name ?? 'eq'}: ${text} }`;
  }
  if (named.name === 'Boolean') return String(matches);
  return text;
}

/** Whether the field at the end of `path` resolved for some parent in `data` (a to-one or to-many step at each level). */
function resolvedAt(data: unknown, path: string[]): boolean {
  const [name, ...rest] = path;
  const items = (Array.isArray(data) ? data : [data]).filter(
    (item): item is Record<string, unknown> => !!item && typeof item === 'object',
  );
  if (rest.length === 0) return items.some((item) => name! in item);
  return items.some((item) => resolvedAt(item[name!], rest));
}

describe('every GraphQL filter operator on subscriber-only fields is refused', () => {
  it('offers no full-text search argument: every argument of every query is one the walks cover', async () => {
    // REST's `_q` has no GraphQL twin in Strapi 5; a new argument fails here until a walk covers it.
    const covered = new Set([
      'filters',
      'pagination',
      'sort',
      'status',
      'hasPublishedVersion',
      'publicationFilter',
      'documentId',
      'locale',
    ]);
    const types = await graphqlTypes();
    const queryFields = types.get('Query')!.fields!;
    const uncovered = queryFields.flatMap((field) =>
      (field.args ?? [])
        .filter((arg) => !covered.has(arg.name))
        .map((arg) => `${field.name}(${arg.name})`),
    );
    expect(uncovered).toEqual([]);
  });

  it.each(VIEWERS)(
    'refuses %s every operator the schema offers, at the root and on nested relations, whatever the value',
    async (_who, token) => {
      const types = await graphqlTypes();
      const query = types.get('Query')!;
      const failures: string[] = [];
      const operatorsSeen = new Set<string>();
      const firstSiteOf = new Set<string>();
      let rotation = 0;
      for (const root of viewerRoots(token())) {
        const rootName = rootField(graph, root);
        const rootQuery = query.fields!.find((field) => field.name === rootName);
        if (!rootQuery) continue;
        for (const site of sitesFrom(root).filter((candidate) =>
          candidate.path.every((step) => !step.on),
        )) {
          for (const field of hiddenFieldsOf(site.holder)) {
            const real = await realValueOf(site.holder, field);
            const { keys } = conditionKey(site.holder, field);
            // The filter input at each step: the root's `filters` argument, then each relation's own input.
            const rootFilters = rootQuery.args?.find((arg) => arg.name === 'filters');
            let input = rootFilters ? types.get(namedType(rootFilters.type).name!) : undefined;
            for (const step of site.path) {
              const next = input?.inputFields?.find(
                (candidate) => candidate.name === step.attribute,
              );
              input = next ? types.get(namedType(next.type).name!) : undefined;
            }
            // The same condition as an argument of the last relation in the selection (resolved by the plugin, not the Document Service).
            let objectType = types.get(namedType(rootQuery.type).name!);
            let nestedArgs: GqlField['args'];
            for (const step of site.path) {
              const next = objectType?.fields?.find(
                (candidate) => candidate.name === step.attribute,
              );
              nestedArgs = next?.args;
              objectType = next ? types.get(namedType(next.type).name!) : undefined;
            }
            const nestedInput = nestedArgs?.find((arg) => arg.name === 'filters');
            const holderInput =
              input ?? (nestedInput ? types.get(namedType(nestedInput.type).name!) : undefined);
            if (!holderInput) continue;
            // The hidden field's own operators, or those of the text key of the entries it leads to.
            let operatorInput: GqlType | undefined = holderInput;
            for (const key of keys) {
              const next: GqlField | undefined = operatorInput?.inputFields?.find(
                (candidate) => candidate.name === key,
              );
              operatorInput = next ? types.get(namedType(next.type).name!) : undefined;
            }
            // A field the schema offers no filter on (media) cannot be asked about.
            if (!operatorInput?.inputFields?.length) continue;
            const operators = operatorInput.inputFields;
            const first = !firstSiteOf.has(`${site.holder} ${field}`);
            firstSiteOf.add(`${site.holder} ${field}`);
            rotation += 1;
            const chosen = first ? operators : [operators[rotation % operators.length]!];
            for (const operator of chosen) {
              operatorsSeen.add(operator.name);
              const condition = (matches: boolean) =>
                keys.reduceRight(
                  (inner, key) => `{ ${key}: ${inner} }`,
                  `{ ${operator.name}: ${graphqlOperand(types, operator.type, matches ? real : FAKE, matches)} }`,
                );
              const wrap = (inner: string) =>
                site.path.reduceRight((body, step) => `{ ${step.attribute}: ${body} }`, inner);
              // The filtered field: the root, or the last relation of the selection.
              const queries: { path: string[]; text: (matches: boolean) => string }[] = [];
              if (input)
                queries.push({
                  path: [rootField.name],
                  text: (matches) =>
                    `{ ${rootField.name}(filters: ${wrap(condition(matches))}) { __typename } }`,
                });
              if (nestedInput && site.path.length > 0) {
                const steps = site.path.map((step) => step.attribute);
                const last = steps.pop()!;
                queries.push({
                  path: [rootField.name, ...steps, last],
                  text: (matches) =>
                    `{ ${rootField.name} { ${steps.reduceRight((body, step) => `${step} { ${body} }`, `${last}(filters: ${condition(matches)}) { __typename }`)} } }`,
                });
              }
              for (const { path: filtered, text } of first
                ? queries
                : queries.slice(rotation % Math.max(queries.length, 1)).slice(0, 1)) {
                oracleMetrics.graphqlProbes += 1;
                const [a, b] = [
                  await graphql(text(true), token()),
                  await graphql(text(false), token()),
                ];
                // Refused, or never run: a relation under an empty parent resolves nothing to filter.
                const resolved = resolvedAt(a.data, filtered);
                if (JSON.stringify(a) !== JSON.stringify(b))
                  failures.push(
                    `${text(true)}: ${JSON.stringify(a).slice(0, 150)} vs ${JSON.stringify(b).slice(0, 150)}`,
                  );
                else if (!a.errors?.length && resolved) failures.push(`${text(true)}: not refused`);
                else if (
                  a.errors?.some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR')
                )
                  failures.push(`${text(true)}: server error`);
              }
            }
          }
        }
      }
      expect(failures).toEqual([]);
      // Every operator of the text filter input was sent (StringFilterInput: eq, between, null, not, and, or, ...).
      const stringOperators = types
        .get('StringFilterInput')!
        .inputFields!.map((field) => field.name);
      expect([...operatorsSeen]).toEqual(expect.arrayContaining(stringOperators));
    },
    WALK_TIMEOUT,
  );
});

describe('the media library', () => {
  it('is listed to nobody but the admin panel (REST and GraphQL)', async () => {
    for (const token of [undefined, tokens.trial, tokens.subscriber]) {
      for (const path of ['/api/upload/files', '/api/upload/files/1', '/api/upload/files/page']) {
        expect([401, 403, 404, 405], `${path} with ${token ? 'a token' : 'no token'}`).toContain(
          (await rest(path, token)).status,
        );
      }
      for (const [field, query] of [
        ['uploadFiles', '{ uploadFiles { url } }'],
        ['uploadFiles_connection', '{ uploadFiles_connection { nodes { url } } }'],
        ['uploadFile', '{ uploadFile(documentId: "x") { url } }'],
      ] as const) {
        const answer = await graphql(query, token);
        expect(answer.errors?.length, field).toBeGreaterThan(0);
        expect(answer.data?.[field] ?? null, field).toBeNull();
      }
    }
    // Media fields of content still resolve (the app's pages need their URLs).
    const pages = await graphql('{ audioPages { Score { url } } }');
    expect(pages.errors).toBeUndefined();
    expect(JSON.stringify(pages.data)).toContain('/uploads/');
  });
});

describe('/documents/{fileId}', () => {
  async function editorToken() {
    const admin = await fetch(`${cms.url}/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.school', password: 'Admin12345' }),
    });
    expect(admin.status, 'admin login (stands in for an editor)').toBe(200);
    return ((await admin.json()) as { data: { token: string } }).data.token;
  }

  /** A PDF that only a unit holds (the seed's unit documents are also attached to open pages). */
  async function unitOnlyDocument() {
    const adminToken = await editorToken();
    const form = new FormData();
    form.append(
      'files',
      new Blob(['%PDF-1.4\n% subscriber-only unit plan\n'], { type: 'application/pdf' }),
      'unit-plan-secret.pdf',
    );
    const uploaded = await fetch(`${cms.url}/upload`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(uploaded.status).toBe(201);
    const [file] = (await uploaded.json()) as { id: number; documentId: string; url: string }[];
    const units = (await rest('/api/schemes?populate[documents]=true', tokens.subscriber)).body as {
      data: { documentId: string; documents: { id: number }[] | null }[];
    };
    const unit = units.data[0]!;
    const attach = await fetch(
      `${cms.url}/content-manager/collection-types/${SCHEME}/${unit.documentId}`,
      {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({
          documents: [...(unit.documents ?? []).map((document) => document.id), file!.id],
        }),
      },
    );
    expect(attach.status).toBe(200);
    return file!;
  }

  it("needs an active subscriber's token for a unit's document, and answers the app its URL", async () => {
    const file = await unitOnlyDocument();
    const json = { Accept: 'application/json' };
    for (const id of [file.documentId, String(file.id)]) {
      expect((await rest(`/documents/${id}`)).status, 'a visitor').toBe(401);
      expect(
        (await rest(`/documents/${id}`, undefined, json)).status,
        'a visitor asking for JSON',
      ).toBe(401);
      const trial = await rest(`/documents/${id}`, tokens.trial, json);
      expect(trial.status, 'a trial user').toBe(403);
      expect(JSON.stringify(trial.body)).not.toContain(file.url);
      const subscriber = await rest(`/documents/${id}`, tokens.subscriber, json);
      expect(subscriber).toMatchObject({ status: 200, body: { url: file.url } });
      const redirected = await rest(`/documents/${id}`, tokens.subscriber);
      expect(redirected.status).toBe(302);
      expect(redirected.location).toBe(file.url);
    }
  });

  it("an editor's saved draft does not make a unit's document public; publishing the open page that holds it does", async () => {
    const file = await unitOnlyDocument();
    const adminToken = await editorToken();
    const programmes = (
      await rest('/api/programmes?populate[summary_document][populate][file]=true')
    ).body as {
      data: {
        documentId: string;
        summary_document: { title: string | null; file: { id: number } | null }[] | null;
      }[];
    };
    const programme = programmes.data[0]!;
    const editorCall = (path: string, method: string, body: unknown) =>
      fetch(
        `${cms.url}/content-manager/collection-types/${PROGRAMME}/${programme.documentId}${path}`,
        {
          method,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
          body: JSON.stringify(body),
        },
      );
    const summary = (programme.summary_document ?? []).map((document) => ({
      title: document.title,
      file: document.file?.id ?? null,
    }));
    const saved = await editorCall('', 'PUT', {
      summary_document: [...summary, { title: 'Next term (draft)', file: file.id }],
    });
    expect(saved.status, await saved.text()).toBe(200);
    // Only the draft holds it on an open page: the file is still the unit's, for subscribers only.
    expect(
      (await rest(`/documents/${file.id}`)).status,
      'a visitor, while only a draft shows it',
    ).toBe(401);
    expect(
      (await rest(`/documents/${file.documentId}`, tokens.trial, { Accept: 'application/json' }))
        .status,
    ).toBe(403);
    const published = await editorCall('/actions/publish', 'POST', {});
    expect(published.status, await published.text()).toBe(200);
    const open = await rest(`/documents/${file.id}`);
    expect(open.status, 'a visitor, once the open page is published').toBe(302);
    expect(open.location).toBe(file.url);
  });

  it('keeps documents of open pages public: a plain link redirects, and JSON answers the URL', async () => {
    const programmes = (
      await rest('/api/programmes?populate[summary_document][populate][file]=true')
    ).body as {
      data: { summary_document: { file: { documentId: string; url: string } | null }[] | null }[];
    };
    const file = programmes.data
      .flatMap((programme) => programme.summary_document ?? [])
      .find((document) => document.file)!.file!;
    const plain = await rest(`/documents/${file.documentId}`);
    expect(plain.status).toBe(302);
    expect(plain.location).toBe(file.url);
    expect(
      await rest(`/documents/${file.documentId}`, undefined, { Accept: 'application/json' }),
    ).toMatchObject({ status: 200, body: { url: file.url } });
    expect((await rest('/documents/999999')).status).toBe(404);
  });
});

// A download the app will later save as a file asks for signed answers: the statement says which
// question the answer answers, the hash of its bytes and the role it was answered for, signed with
// the CMS's Ed25519 key (its public key at /api/download-signing-key).
describe('signed download answers', () => {
  const UNITS =
    'query SignedUnits($first: Int) { schemes(pagination: { limit: $first }) { documentId introduction } }';
  const SIGN = { 'x-sign-answer': '1' };
  /** A GraphQL request (by default the units query above) and what came back with it. */
  async function signedAnswer(
    token: string | undefined,
    headers: Record<string, string>,
    body: Record<string, unknown> = {
      query: UNITS,
      operationName: 'SignedUnits',
      variables: { first: 2 },
    },
  ) {
    const response = await fetch(`${cms.url}/graphql`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      text: await response.text(),
      statement: response.headers.get('x-answer-statement'),
      signature: response.headers.get('x-answer-signature'),
    };
  }
  /** The statement a header carries, read. */
  const statementOf = (header: string) =>
    JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
  /** The key the CMS publishes, as a JWK and ready to verify with. */
  async function publishedKey() {
    const jwk = (await rest('/api/download-signing-key')).body as NodeJwk & { kid: string };
    return { jwk, publicKey: createPublicKey({ key: jwk, format: 'jwk' }) };
  }
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  it('signs what it sends, for the role it answered, with the key it publishes', async () => {
    const { jwk, publicKey } = await publishedKey();
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(jwk).not.toHaveProperty('d');

    for (const [who, token, role] of [
      ['subscriber', tokens.subscriber, 'active_subscriber'],
      ['trial', tokens.trial, 'authenticated'],
      ['visitor', undefined, 'public'],
    ] as const) {
      const { text, statement, signature } = await signedAnswer(token, SIGN);
      expect(statement, who).toBeTruthy();
      const bytes = Buffer.from(statement!, 'base64url');
      expect(verify(null, bytes, publicKey, Buffer.from(signature!, 'base64url')), who).toBe(true);
      const said = JSON.parse(bytes.toString()) as Record<string, unknown>;
      expect(said, who).toMatchObject({
        v: 1,
        kid: jwk.kid,
        operationName: 'SignedUnits',
        document: sha256(UNITS),
        variables: { first: 2 },
        answer: sha256(text),
        for: role,
      });
      // A changed statement (another role, say) no longer matches its signature.
      const changed = Buffer.from(bytes.toString().replace(role, 'active_subscriber_'));
      expect(verify(null, changed, publicKey, Buffer.from(signature!, 'base64url')), who).toBe(
        false,
      );
    }
  });

  it("signs a stored file's path, size and hash, and never a path outside the uploads", async () => {
    const { jwk, publicKey } = await publishedKey();
    const pages = (await graphql('{ audioPages { Score { url } } }')) as {
      data: { audioPages: { Score: { url: string }[] | null }[] };
    };
    const url = pages.data.audioPages.flatMap((page) => page.Score ?? [])[0]!.url;
    expect(url).toMatch(/^\/uploads\//);
    for (const pass of ['first read', 'kept hash']) {
      const response = await fetch(`${cms.url}${url}`, { headers: SIGN });
      const bytes = Buffer.from(await response.arrayBuffer());
      const statement = Buffer.from(response.headers.get('x-answer-statement')!, 'base64url');
      const signature = Buffer.from(response.headers.get('x-answer-signature')!, 'base64url');
      expect(verify(null, statement, publicKey, signature), pass).toBe(true);
      expect(JSON.parse(statement.toString()), pass).toMatchObject({
        v: 1,
        kid: jwk.kid,
        file: url,
        size: bytes.length,
        answer: createHash('sha256').update(bytes).digest('hex'),
      });
    }
    // However the request spells the path, the statement names the file by its own address.
    const name = url.slice('/uploads/'.length);
    for (const spelling of [`/uploads//${name}`, `/uploads/elsewhere/..%2F${name}`]) {
      const response = await fetch(`${cms.url}${spelling}`, { headers: SIGN });
      const statement = response.headers.get('x-answer-statement');
      expect(response.status, spelling).toBe(200);
      expect(statementOf(statement!).file, spelling).toBe(url);
    }
    // A compressed copy served in the file's place is other bytes: it is not signed as the file.
    const copy = join(cms.dataDir, 'public', 'uploads', `${name}.gz`);
    writeFileSync(copy, gzipSync('not the file'));
    try {
      const compressed = await fetch(`${cms.url}${url}`, {
        headers: { ...SIGN, 'Accept-Encoding': 'gzip' },
      });
      await compressed.arrayBuffer();
      expect(compressed.headers.get('content-encoding')).toBe('gzip');
      expect(compressed.headers.get('x-answer-signature')).toBeNull();
    } finally {
      rmSync(copy, { force: true });
    }
    for (const path of ['/uploads/..%2F..%2Fpackage.json', '/uploads/%2e%2e/%2e%2e/package.json']) {
      const outside = await fetch(`${cms.url}${path}`, { headers: SIGN });
      expect(outside.headers.get('x-answer-signature'), path).toBeNull();
    }
  });

  it('signs queries only, with only the variables they declare', async () => {
    const ask = async (body: Record<string, unknown>) => {
      const { statement } = await signedAnswer(tokens.trial, SIGN, body);
      return statement ? statementOf(statement) : null;
    };
    const said = await ask({
      query: '{ schemes { title } }',
      variables: { for: 'active_subscriber' },
    });
    expect(said).toMatchObject({ operationName: null, variables: {}, for: 'authenticated' });
    expect(await ask({ query: 'mutation { __typename }' })).toBeNull();
  });

  it('never signs an answer with errors, even one sent as a 200', async () => {
    const { status, text, signature } = await signedAnswer(tokens.trial, SIGN, {
      query: '{ lessons { documentId title } }',
    });
    expect(status).toBe(200);
    expect((JSON.parse(text) as { errors?: unknown[] }).errors?.length).toBeGreaterThan(0);
    expect(signature).toBeNull();
  });

  it('signs nothing it was not asked to, and never an editor preview', async () => {
    const plain = await signedAnswer(tokens.subscriber, {});
    expect(plain.statement).toBeNull();
    expect(plain.signature).toBeNull();
    const preview = await signedAnswer(tokens.subscriber, {
      ...SIGN,
      'x-preview-token': 'not-a-real-preview',
    });
    expect(preview.signature).toBeNull();
  });
});
