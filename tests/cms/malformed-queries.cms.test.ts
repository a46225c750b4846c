// @vitest-environment node
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bootTestCms, type RestAnswer } from './support/test-cms';
import { loadContentGraph, restPath, targetsOf, typesReadableBy } from './content-graph';
import { ALL_OPERATORS, QUERY_PARAMETERS, isOperatorOf } from './support/strapi-query-language';

// Every malformed query is a 400 with a plain message, never a 500: a corpus made from Strapi's
// own list of operators and query parameters (read from @strapi/utils when the test runs) times a
// set of bad shapes, sent to every publicly readable collection and single type in REST, and the
// text filter's operators in GraphQL.

const cmsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cms');
const graph = loadContentGraph(cmsDir);
const publicTypes = [...typesReadableBy(cmsDir, 'public')].filter((uid) => graph.has(uid)).sort();

/** Operators whose operand Strapi casts to yes/no (convert-query-params.js). */
const YES_NO_OPERATORS = new Set(['$null', '$notNull']);
/** The operator that takes exactly a lower and an upper bound (knex's whereBetween). */
const PAIR_OPERATOR = '$between';
const HUGE = 'a'.repeat(5000);
const PAST_ARRAY_LIMIT = 150; // qs turns a longer list into an object with numeric keys

interface Shape {
  name: string;
  query: (key: string, operator: string) => string;
  /** Malformed for every operator wherever it is used. */
  always?: boolean;
}

const SHAPES: Shape[] = [
  { name: 'one word', query: (key, op) => `${key}[${op}]=a` },
  { name: 'an empty value', query: (key, op) => `${key}[${op}]=` },
  { name: "'maybe'", query: (key, op) => `${key}[${op}]=maybe` },
  { name: 'a list of one', query: (key, op) => `${key}[${op}][0]=a` },
  {
    name: 'a list of three',
    query: (key, op) => `${key}[${op}][0]=a&${key}[${op}][1]=b&${key}[${op}][2]=c`,
  },
  { name: 'a huge text', query: (key, op) => `${key}[${op}]=${HUGE}`, always: true },
  {
    name: 'a list past the array limit',
    query: (key, op) =>
      Array.from({ length: PAST_ARRAY_LIMIT }, (_, index) => `${key}[${op}][${index}]=a`).join('&'),
    always: true,
  },
  { name: 'an object of field names', query: (key, op) => `${key}[${op}][x][y]=1`, always: true },
  {
    name: 'an unknown operator inside',
    query: (key, op) => `${key}[${op}][$nope]=1`,
    always: true,
  },
  {
    name: 'deep nesting',
    query: (key, op) => `${key}[${op}][a][b][c][d][e][f][g]=1`,
    always: true,
  },
  { name: 'a list of objects', query: (key, op) => `${key}[${op}][0][x]=1`, always: true },
];

type KeyKind = 'text field' | 'number field' | 'relation' | 'root';

/** Whether a shape is malformed for an operator at a key of this kind: then it must be a 400. */
function mustRefuse(shape: Shape, operator: string, kind: KeyKind): boolean {
  if (shape.always) return true;
  const group = isOperatorOf('group', operator);
  if (kind === 'root') return !group && operator !== '$not';
  if (group) return true; // $and/$or belong around conditions, not on a field
  if (YES_NO_OPERATORS.has(operator)) return true; // none of the shapes above is true/false
  if (operator === PAIR_OPERATOR) return true; // none of them is exactly two values
  // A word where a number is expected, for operators that compare values of the field's type.
  return kind !== 'text field' && isOperatorOf('cast', operator) && shape.name !== 'an empty value';
}

interface Target {
  uid: string;
  path: string;
  text: string;
  relation?: string;
}

const targets: Target[] = publicTypes.map((uid) => {
  const type = graph.get(uid)!;
  const attributes = Object.entries(type.attributes);
  const text = attributes.find(([, attribute]) => attribute.type === 'string')?.[0] ?? 'documentId';
  const relation = attributes.find(
    ([, attribute]) =>
      attribute.type === 'relation' && !targetsOf(attribute)[0]!.startsWith('plugin::'),
  )?.[0];
  return {
    uid,
    path: restPath(graph, uid),
    text,
    relation,
  };
});

const cms = bootTestCms('malformed-queries');
const counts = { requests: 0, refused: 0, answered: 0, serverErrors: 0, mustRefuse: 0, graphql: 0 };
let subscriberToken = '';

beforeAll(async () => {
  subscriberToken = await cms.logIn(DEMO.subscriber);
});

afterAll(() => {
  console.info(
    `malformed-queries: ${counts.requests} REST requests (${counts.refused} refused with a 400, ${counts.answered} answered; ${counts.mustRefuse} of the generated ones malformed for certain), ${counts.graphql} GraphQL requests, ${counts.serverErrors} server errors; ${ALL_OPERATORS.length} operators x ${SHAPES.length} shapes, ${QUERY_PARAMETERS.length} parameters, ${targets.length} public types`,
  );
});

const join2 = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

async function send(target: Target, query: string, token?: string): Promise<RestAnswer> {
  counts.requests += 1;
  const answer = await cms.rest(join2(target.path, query), token);
  if (answer.status === 400) counts.refused += 1;
  else counts.answered += 1;
  if (answer.status >= 500) counts.serverErrors += 1;
  return answer;
}

/** A refusal says in words what is wrong: no stack trace, no raw error. */
function expectPlainRefusal(answer: RestAnswer, where: string) {
  expect(answer.status, `${where}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(400);
  const error = (answer.body as { error?: { name?: string; message?: string } }).error;
  expect(error?.name, where).toBe('ValidationError');
  expect(error?.message, where).toMatch(/^[^{}\n]{5,300}$/);
}

/** Runs `task` on `items` a few at a time. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

describe('malformed REST queries', () => {
  it('refuses filters[title][$between]=a and _q[$ne]=x with a 400 on every public type, for a visitor and a subscriber', async () => {
    await inParallel(targets, 3, async (target) => {
      for (const token of [undefined, subscriberToken]) {
        for (const query of [`filters[${target.text}][$between]=a`, '_q[$ne]=x']) {
          expectPlainRefusal(await send(target, query, token), `${target.path}?${query}`);
        }
      }
    });
  });

  it('answers every operator with every bad shape with a 400, or at worst an answer, never a 500', async () => {
    const cases: { target: Target; query: string; refuse: boolean; label: string }[] = [];
    let rotation = 0;
    for (const operator of ALL_OPERATORS) {
      for (const shape of SHAPES) {
        // One public type per case, in turn, so every type sees every kind of key and the run stays short.
        const target = targets[rotation++ % targets.length]!;
        const keys: [KeyKind, string][] = [
          ['text field', `filters[${target.text}]`],
          ['number field', 'filters[id]'],
          ['root', 'filters'],
        ];
        if (target.relation) keys.push(['relation', `filters[${target.relation}]`]);
        for (const [kind, key] of keys) {
          cases.push({
            target,
            query: shape.query(key, operator),
            refuse: mustRefuse(shape, operator, kind),
            label: `${operator} as ${shape.name} on ${kind}`,
          });
        }
      }
    }
    const failures: string[] = [];
    counts.mustRefuse += cases.filter((item) => item.refuse).length;
    await inParallel(cases, 4, async ({ target, query, refuse, label }) => {
      const answer = await send(target, query);
      const error = (answer.body as { error?: { name?: string } }).error;
      if (answer.status >= 500)
        failures.push(`${label}: ${target.path}?${query.slice(0, 120)} answered ${answer.status}`);
      else if (refuse && (answer.status !== 400 || error?.name !== 'ValidationError')) {
        failures.push(
          `${label}: ${target.path}?${query.slice(0, 120)} answered ${answer.status}, expected a 400`,
        );
      }
    });
    expect(failures).toEqual([]);
  });

  it('refuses every query parameter Strapi accepts when given an object, a nested object or a huge text', async () => {
    const shapes = [
      (parameter: string) => `${parameter}[$ne]=x`,
      (parameter: string) => `${parameter}[a][b]=c`,
      (parameter: string) => `${parameter}=${HUGE}`,
    ];
    const failures: string[] = [];
    let rotation = 0;
    const cases = QUERY_PARAMETERS.flatMap((parameter) =>
      shapes.map((shape) => ({
        target: targets[rotation++ % targets.length]!,
        query: shape(parameter),
      })),
    );
    await inParallel(cases, 4, async ({ target, query }) => {
      const answer = await send(target, query);
      if (answer.status !== 400)
        failures.push(
          `${target.path}?${query.slice(0, 80)} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 150)}`,
        );
    });
    // An empty value may be a valid query (an empty search); it is never a 500.
    await inParallel([...QUERY_PARAMETERS], 4, async (parameter) => {
      const answer = await send(targets[rotation++ % targets.length]!, `${parameter}=`);
      if (answer.status >= 500) failures.push(`${parameter}= answered ${answer.status}`);
    });
    expect(failures).toEqual([]);
  });

  it('refuses bad pagination: words, negative numbers and unknown options', async () => {
    const target =
      targets.find((candidate) => candidate.path.includes('programmes')) ?? targets[0]!;
    for (const query of [
      'pagination[page]=abc',
      'pagination[pageSize]=x',
      'pagination[start]=-1',
      'pagination[limit]=abc',
      'pagination[withCount]=maybe',
      'pagination[nope]=1',
      'pagination=x',
    ]) {
      expectPlainRefusal(await send(target, query), query);
    }
  });

  it('refuses a sort that nests under a field that is not a relation, on every public type', async () => {
    const failures: string[] = [];
    let tried = 0;
    await inParallel(targets, 3, async (target) => {
      const nested = [
        `sort[0][${target.text}][x]=asc`,
        `sort[${target.text}][x]=desc`,
        `sort[0][${target.text}][x][y]=asc`,
        'sort[0][id][x]=asc',
        'sort[0][createdAt][$eq]=asc',
        'sort[0][nosuchfield][x]=asc',
        ...(target.relation ? [`sort[0][${target.relation}][id][x]=asc`] : []),
      ];
      for (const query of nested) {
        tried += 1;
        const answer = await send(target, query);
        if (answer.status !== 400)
          failures.push(`${target.path}?${query} answered ${answer.status}`);
      }
    });
    console.info(`nested sorts: tried ${tried}, accepted wrongly ${failures.length}`);
    expect(failures).toEqual([]);
  });

  it('still answers well-formed queries (the check refuses shapes, not features)', async () => {
    const target =
      targets.find((candidate) => candidate.path.includes('programmes')) ?? targets[0]!;
    const text = target.text;
    for (const query of [
      `filters[${text}][$between][0]=a&filters[${text}][$between][1]=z`,
      `filters[${text}][$in][0]=a&filters[${text}][$in][1]=b`,
      `filters[${text}][$in]=a`,
      `filters[${text}][$null]=true`,
      `filters[${text}][$notNull]=false`,
      `filters[${text}][$not][$eq]=a`,
      `filters[${text}]=a`,
      `filters[$or][0][${text}][$eq]=a&filters[$or][1][${text}][$containsi]=b`,
      `filters[$not][${text}][$eq]=a`,
      'filters[id][$gt]=1',
      'filters[createdAt][$gt]=2020-01-01T00:00:00.000Z',
      '_q=music',
      'sort=createdAt:desc',
      'sort[0][createdAt]=asc',
      'fields[0]=documentId',
      'pagination[page]=1&pagination[pageSize]=5&pagination[withCount]=true',
      'pagination[start]=0&pagination[limit]=5',
      'status=published',
      ...(target.relation
        ? [
            `sort[0][${target.relation}][id]=asc`,
            `filters[${target.relation}][id][$gt]=0`,
            `filters[${target.relation}][$null]=false`,
            `populate[${target.relation}][fields][0]=documentId`,
          ]
        : []),
    ]) {
      const answer = await send(target, query);
      expect(answer.status, `${query}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(200);
    }
  });
});

interface GqlInputType {
  name: string;
  inputFields:
    | {
        name: string;
        type: {
          kind: string;
          name: string | null;
          ofType: { kind: string; name: string | null } | null;
        };
      }[]
    | null;
}

describe('malformed GraphQL filters', () => {
  it('answers every operator of the text filter with a wrong number of values or a huge text without a server error', async () => {
    const schema = await cms.graphql<{ __type: GqlInputType }>(
      '{ __type(name: "StringFilterInput") { name inputFields { name type { kind name ofType { kind name } } } } }',
    );
    expect(schema.errors, 'introspection').toBeUndefined();
    const operators = schema.data!.__type.inputFields!;
    expect(operators.map((operator) => operator.name)).toEqual(
      expect.arrayContaining(['eq', 'between', 'in', 'null', 'not', 'and', 'or']),
    );
    const failures: string[] = [];
    for (const operator of operators) {
      const list = operator.type.kind === 'LIST';
      const values = list
        ? ['["a"]', '["a", "b", "c"]', '[]', `[${JSON.stringify(HUGE)}]`]
        : operator.type.kind === 'INPUT_OBJECT'
          ? [`{ eq: ${JSON.stringify(HUGE)} }`, '{ between: ["a"] }']
          : operator.type.name === 'Boolean'
            ? ['true']
            : [JSON.stringify(HUGE)];
      for (const value of values) {
        counts.graphql += 1;
        const answer = await cms.graphql(
          `{ schemes(filters: { title: { ${operator.name}: ${value} } }) { documentId } }`,
        );
        const codes = (answer.errors ?? []).map((error) => error.extensions?.code);
        if (codes.includes('INTERNAL_SERVER_ERROR'))
          failures.push(`${operator.name}: ${value.slice(0, 40)} -> ${answer.errors![0]!.message}`);
        // None of the lists above holds exactly a lower and an upper bound.
        if (operator.name === 'between' && !codes.includes('BAD_USER_INPUT')) {
          failures.push(`between: ${value} was not refused`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
