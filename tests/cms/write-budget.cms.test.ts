import { scratchPath } from '../../scripts/scratch.mjs';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestCms, DEMO, type RestAnswer } from './support/test-cms';

// Every write has a budget (cms/src/middlewares/write-budget.js): per address, and per account
// when it is signed in. The CMS runs with the production budgets and behind a trusted proxy
// (IS_PROXIED), so each test speaks from its own address through X-Forwarded-For, as the web
// server would write it.

// The production budgets (BUDGETS in write-budget.js), restated: a change to them is a reviewed change here too.
const ACCOUNT_MAIL_PER_HOUR = 300;
const MAILS_PER_RECIPIENT_PER_HOUR = 5;
const PRODUCTION_FAILED_SIGN_INS_PER_ADDRESS = 300;
// The failed sign-ins per address this CMS allows: a deployment's own figure (AUTH_RATE_LIMIT_MAX),
// taken as it is. A tenth of the production one, so the tests of how failures are counted make
// tens of sign-ins rather than hundreds (each one a bcrypt comparison of the CMS's CPU).
const FAILED_SIGN_INS_PER_ADDRESS = 30;
const FAILED_SIGN_INS_PER_ACCOUNT = 10;
const USER_WRITES_PER_MINUTE = 300;
const PLAYLIST_OPERATIONS_PER_MINUTE = 2000;

const routeTableFile = scratchPath(`write-budget-routes-${randomUUID()}.json`);
const cms = bootTestCms('write-budget', {
  env: {
    RATE_LIMITS: 'production',
    IS_PROXIED: 'true',
    CMS_ROUTE_TABLE_FILE: routeTableFile,
    AUTH_RATE_LIMIT_MAX: String(FAILED_SIGN_INS_PER_ADDRESS),
  },
});
const { rest, logIn } = cms;
const { BUDGETS } = createRequire(import.meta.url)('../../cms/src/middlewares/write-budget.js') as {
  BUDGETS: Record<string, { points: number; duration: number }>;
};

/**
 * GraphQL mutation fields that spend from no budget of their own beyond the request's, each with
 * the reason it is safe. Reviewed: none.
 */
const EXEMPT_MUTATIONS: Record<string, string> = {};
/** The budget each kind of mutation field spends from: its REST twin's. */
const MUTATION_BUDGET: Record<string, string> = {
  login: 'signIn',
  register: 'accountMail',
  forgotPassword: 'accountMail',
  resetPassword: 'accountMail',
  emailConfirmation: 'accountMail',
  createPlaylist: 'syncOperations',
  updatePlaylist: 'syncOperations',
  deletePlaylist: 'syncOperations',
};

/**
 * Write routes that spend from no budget, each with the reason it is safe. Reviewed: none. Admin
 * write routes (the editors' panel) spend per address and per editor like any other; the admin's
 * login, registration and password routes spend from the sign-in and e-mail budgets.
 */
const EXEMPT: Record<string, string> = {};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
// A route for every method (router.all, e.g. /graphql): the methods a client can send a body with.
const ALL_METHOD_WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

let address = 0;
/** A fresh client address (TEST-NET-3) for one scenario, so scenarios never share a budget. */
const newAddress = () => `203.0.113.${++address}`;
const from = (ip: string) => ({ 'X-Forwarded-For': ip });

type Route = { path: string; methods: string[] };

/** A concrete URL for a route pattern: every parameter gets a placeholder value. */
const concretePath = (pattern: string) =>
  pattern.replace(/:\w+(\([^)]*\))?\??/g, '1').replace(/\(\.\*\)|\*/g, 'x');

const expectRefusedAsTooMany = (answer: RestAnswer) => {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(answer.body).toMatchObject({ data: null, error: { status: 429, name: 'RateLimitError' } });
  expect((answer.body as { error: { message: string } }).error.message).toMatch(/wait/);
};

/** Runs `jobs` with at most `width` at a time. */
async function inBatches<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < jobs.length; start += width) {
    results.push(...(await Promise.all(jobs.slice(start, start + width).map((job) => job()))));
  }
  return results;
}

afterAll(() => rmSync(routeTableFile, { force: true }));

/**
 * A request on a connection of its own: a pooled connection left idle while a long request held
 * the CMS can be closed by the CMS's keep-alive timer just as it is reused.
 */
function onNewConnection(
  method: string,
  path: string,
  { ip, token, body }: { ip: string; token?: string; body?: unknown },
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = {
      'X-Forwarded-For': ip,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
    if (payload)
      Object.assign(headers, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(payload),
      });
    const req = request(`${cms.url}${path}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

beforeAll(async () => {
  const content = await cms.graphql<{ activityPages: { documentId: string; title: string }[] }>(
    '{ activityPages(pagination: { limit: 6 }) { documentId title } }',
  );
  activities = content.data?.activityPages ?? [];
  expect(activities.length).toBeGreaterThan(0);
});

describe('every write route spends from a budget', () => {
  let routes: Route[] = [];
  beforeAll(() => {
    expect(existsSync(routeTableFile), 'the CMS wrote its route table (CMS_ROUTE_TABLE_FILE)').toBe(
      true,
    );
    routes = JSON.parse(readFileSync(routeTableFile, 'utf8')) as Route[];
  });

  it('each non-GET route in the CMS route table answers with the budget it spent from', async () => {
    const writes = routes.flatMap(({ path, methods }) => {
      const upper = methods.map((method) => method.toUpperCase());
      const sent =
        upper.length > 10 ? ALL_METHOD_WRITES : upper.filter((method) => !READS.has(method));
      return sent.map((method) => ({ method, path }));
    });
    // The content API, the users-permissions, upload and GraphQL plugins and the admin panel.
    expect(writes.length).toBeGreaterThan(150);
    const ip = newAddress();
    const unbudgeted = (
      await inBatches(
        writes.map(({ method, path }) => async () => {
          const answer = await rest(concretePath(path), undefined, {
            method,
            body: {},
            headers: from(ip),
          });
          return {
            route: `${method} ${path}`,
            policy: answer.headers.get('ratelimit-policy') ?? '',
          };
        }),
        8,
      )
    ).filter(({ route, policy }) => !policy.includes('"ipWrite"') && !(route in EXEMPT));
    expect(unbudgeted).toEqual([]);
    console.info(
      `write routes without a budget: ${writes.length} routes walked, ${unbudgeted.length} unbudgeted`,
    );
  });

  it('the sign-in and account e-mail routes spend from their own per-address budget', async () => {
    const ip = newAddress();
    const policyOf = async (method: string, path: string) =>
      (
        await rest(path, undefined, {
          method,
          ...(method === 'GET' ? {} : { body: {} }),
          headers: from(ip),
        })
      ).headers.get('ratelimit-policy');
    for (const path of ['/api/auth/local', '/admin/login'])
      expect(await policyOf('POST', path), path).toContain('"signIn"');
    for (const path of [
      '/api/auth/local/register',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/send-email-confirmation',
      '/admin/forgot-password',
      '/admin/reset-password',
      '/admin/register-admin',
    ]) {
      expect(await policyOf('POST', path), path).toContain('"accountMail"');
    }
    expect(await policyOf('GET', '/api/auth/email-confirmation?confirmation=x')).toContain(
      '"accountMail"',
    );
  });
});

describe('per-address budgets for the account routes ignore the body', () => {
  it('registrations and password resets with a new address each time are refused once the address has spent its budget', async () => {
    const ip = newAddress();
    const tried = ACCOUNT_MAIL_PER_HOUR + 20;
    const answers = await inBatches(
      Array.from({ length: tried }, (_, index) => () => {
        const email = `budget-${randomUUID()}@example.com`;
        return index % 10 === 0
          ? rest('/api/auth/local/register', undefined, {
              body: {
                email,
                username: email,
                password: 'sonata1819',
                user_profile_data: { first_name: 'New', last_name: 'Teacher' },
              },
              headers: from(ip),
            })
          : rest('/api/auth/forgot-password', undefined, { body: { email }, headers: from(ip) });
      }),
      1,
    );
    const within = answers.slice(0, ACCOUNT_MAIL_PER_HOUR);
    const beyond = answers.slice(ACCOUNT_MAIL_PER_HOUR);
    expect(within.filter((answer) => answer.status === 429)).toEqual([]);
    expect(within[0]!.status).toBe(200);
    beyond.forEach(expectRefusedAsTooMany);
    console.info(
      `register/forgot-password with a new address each time: tried ${tried}, accepted beyond budget ${beyond.filter((a) => a.status !== 429).length}`,
    );

    // Another address (another school) is not affected.
    const email = `budget-${randomUUID()}@example.com`;
    const elsewhere = await rest('/api/auth/forgot-password', undefined, {
      body: { email },
      headers: from(newAddress()),
    });
    expect(elsewhere.status).toBe(200);
  }, 120_000);

  it('failed sign-ins from one address are refused once it has spent its failure budget, whatever accounts they name', async () => {
    const ip = newAddress();
    const answers = await inBatches(
      Array.from(
        { length: FAILED_SIGN_INS_PER_ADDRESS + 5 },
        () => () =>
          rest('/api/auth/local', undefined, {
            body: { identifier: `nobody-${randomUUID()}@example.com`, password: 'wrong-password' },
            headers: from(ip),
          }),
      ),
      1,
    );
    expect(
      answers.slice(0, FAILED_SIGN_INS_PER_ADDRESS).filter((answer) => answer.status === 429),
    ).toEqual([]);
    answers.slice(FAILED_SIGN_INS_PER_ADDRESS).forEach(expectRefusedAsTooMany);
    console.info(
      `a script's failed sign-ins from one address: tried ${answers.length}, accepted beyond budget ${answers.slice(FAILED_SIGN_INS_PER_ADDRESS).filter((a) => a.status !== 429).length}`,
    );
  }, 120_000);
});

describe('sign-ins are budgeted by failure, per account named and per address', () => {
  // The tests below run on this CMS's own figure (AUTH_RATE_LIMIT_MAX), which they show is taken as it is.
  it('allows 300 failed sign-ins per address in production', () => {
    expect(BUDGETS.failedSignIns).toEqual({
      points: PRODUCTION_FAILED_SIGN_INS_PER_ADDRESS,
      duration: 600,
    });
  });

  it('successful sign-ins of a school staff from one address beyond the failure budget all get in, while a pupil guessing one account from there locks out only that account', async () => {
    const school = newAddress();
    const teachers = await inBatches(
      Array.from({ length: 11 }, () => () => newTeacher()),
      5,
    );
    // A pupil's wrong passwords for one colleague's account, from the school's address.
    const victim = teachers[0]!;
    const pupil = await inBatches(
      Array.from(
        { length: FAILED_SIGN_INS_PER_ACCOUNT + 2 },
        () => () =>
          rest('/api/auth/local', undefined, {
            body: { identifier: victim.email, password: 'not-their-password1' },
            headers: from(school),
          }),
      ),
      1,
    );
    pupil.slice(FAILED_SIGN_INS_PER_ACCOUNT).forEach(expectRefusedAsTooMany);
    const signIns = await inBatches(
      Array.from({ length: FAILED_SIGN_INS_PER_ADDRESS + 10 }, (_, index) => () => {
        const teacher = teachers[1 + (index % (teachers.length - 1))]!;
        return rest('/api/auth/local', undefined, {
          body: { identifier: teacher.email, password: teacher.password },
          headers: from(school),
        });
      }),
      10,
    );
    expect(
      signIns.filter((answer) => answer.status !== 200).map((answer) => answer.status),
    ).toEqual([]);
    console.info(
      `${signIns.length} sign-ins of ${teachers.length - 1} teachers from one address: ${signIns.filter((a) => a.status === 200).length} let in`,
    );
  }, 240_000);

  it('wrong passwords for one account from several addresses are refused after its budget, the right one included', async () => {
    const teacher = await newTeacher();
    const answers = await inBatches(
      Array.from(
        { length: FAILED_SIGN_INS_PER_ACCOUNT + 1 },
        () => () =>
          rest('/api/auth/local', undefined, {
            body: { identifier: teacher.email, password: 'guess-1234' },
            headers: from(newAddress()),
          }),
      ),
      1,
    );
    expect(answers.slice(0, FAILED_SIGN_INS_PER_ACCOUNT).map((answer) => answer.status)).toEqual(
      Array(FAILED_SIGN_INS_PER_ACCOUNT).fill(400),
    );
    expectRefusedAsTooMany(answers[FAILED_SIGN_INS_PER_ACCOUNT]!);
    // The guesser cannot learn the password is right: the account is closed to every attempt for now.
    const right = await rest('/api/auth/local', undefined, {
      body: { identifier: teacher.email.toUpperCase(), password: teacher.password },
      headers: from(newAddress()),
    });
    expectRefusedAsTooMany(right);
    // Through GraphQL too.
    const viaGraphql = await rest('/graphql', undefined, {
      body: {
        query:
          'mutation($i: String!) { login(input: { identifier: $i, password: "guess-1234" }) { jwt } }',
        variables: { i: teacher.email },
      },
      headers: from(newAddress()),
    });
    expectRefusedAsTooMany(viaGraphql);
    console.info(
      `wrong passwords for one account from ${answers.length} addresses: accepted beyond budget ${answers.slice(FAILED_SIGN_INS_PER_ACCOUNT).filter((a) => a.status !== 429).length}`,
    );
  }, 60_000);

  it("the admin panel's sign-ins are budgeted in the same one place: an editor signing in again gets in, wrong passwords for an editor's account are refused after its budget", async () => {
    const editor = { email: 'editor@demo.school', password: 'Editor12345' };
    const address = newAddress();
    // Strapi's own admin limit (5 in 5 minutes for an address and an e-mail) is off.
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const signedIn = await rest('/admin/login', undefined, {
        body: editor,
        headers: from(address),
      });
      expect(signedIn.status, `editor sign-in ${attempt}`).toBe(200);
    }
    const answers = await inBatches(
      Array.from(
        { length: FAILED_SIGN_INS_PER_ACCOUNT + 1 },
        () => () =>
          rest('/admin/login', undefined, {
            body: { email: editor.email, password: 'guess-1234' },
            headers: from(newAddress()),
          }),
      ),
      1,
    );
    expect(answers.slice(0, FAILED_SIGN_INS_PER_ACCOUNT).map((answer) => answer.status)).toEqual(
      Array(FAILED_SIGN_INS_PER_ACCOUNT).fill(400),
    );
    expectRefusedAsTooMany(answers[FAILED_SIGN_INS_PER_ACCOUNT]!);
  }, 60_000);

  it("password resets for one recipient are limited, while a school's 100 teachers each asking once from one address are not", async () => {
    const school = newAddress();
    const target = `reset-${randomUUID()}@example.com`;
    const forTarget = await inBatches(
      Array.from(
        { length: MAILS_PER_RECIPIENT_PER_HOUR + 3 },
        () => () =>
          rest('/api/auth/forgot-password', undefined, {
            body: { email: target },
            headers: from(newAddress()),
          }),
      ),
      1,
    );
    expect(forTarget.slice(0, MAILS_PER_RECIPIENT_PER_HOUR).map((answer) => answer.status)).toEqual(
      Array(MAILS_PER_RECIPIENT_PER_HOUR).fill(200),
    );
    forTarget.slice(MAILS_PER_RECIPIENT_PER_HOUR).forEach(expectRefusedAsTooMany);
    // Through GraphQL, with aliases: each field is one more e-mail.
    const aliased = await rest('/graphql', undefined, {
      body: { query: `mutation { a: forgotPassword(email: "${target.toUpperCase()}") { ok } }` },
      headers: from(newAddress()),
    });
    expectRefusedAsTooMany(aliased);
    const school100 = await inBatches(
      Array.from(
        { length: 100 },
        () => () =>
          rest('/api/auth/forgot-password', undefined, {
            body: { email: `teacher-${randomUUID()}@example.com` },
            headers: from(school),
          }),
      ),
      10,
    );
    expect(
      school100.filter((answer) => answer.status !== 200).map((answer) => answer.status),
    ).toEqual([]);
    console.info(
      `forgot-password for one recipient: tried ${forTarget.length + 1}, accepted beyond budget ${forTarget.slice(MAILS_PER_RECIPIENT_PER_HOUR).filter((a) => a.status !== 429).length + (aliased.status === 429 ? 0 : 1)}`,
    );
  }, 60_000);
});

describe("GraphQL mutations spend from their REST twins' budgets", () => {
  it('every field of the Mutation type spends from a budget of its own', async () => {
    const schema = await cms.graphql<{
      __schema: { mutationType: { fields: { name: string }[] } };
    }>('{ __schema { mutationType { fields { name } } } }');
    const fields = schema.data!.__schema.mutationType.fields.map(({ name }) => name);
    expect(fields.length).toBeGreaterThan(10);
    const teacher = await newTeacher();
    const unbudgeted: string[] = [];
    for (const field of fields) {
      if (field in EXEMPT_MUTATIONS) continue;
      // Syntactically a mutation; the GraphQL server refuses it (no arguments), after the budget.
      const answer = await rest('/graphql', teacher.jwt, {
        body: { query: `mutation { ${field} }` },
        headers: from(newAddress()),
      });
      const policy = answer.headers.get('ratelimit-policy') ?? '';
      if (!policy.includes(`"${MUTATION_BUDGET[field] ?? 'userWrite'}"`))
        unbudgeted.push(`${field}: ${policy}`);
    }
    expect(unbudgeted).toEqual([]);
    console.info(
      `GraphQL mutation fields: ${fields.length} walked, ${unbudgeted.length} without their budget`,
    );
  }, 120_000);

  it("forgotPassword and emailConfirmation through GraphQL are refused once the address has spent the REST routes' e-mail budget", async () => {
    const ip = newAddress();
    await inBatches(
      Array.from(
        { length: ACCOUNT_MAIL_PER_HOUR },
        () => () =>
          rest('/api/auth/forgot-password', undefined, {
            body: { email: `spent-${randomUUID()}@example.com` },
            headers: from(ip),
          }),
      ),
      10,
    );
    expectRefusedAsTooMany(
      await rest('/api/auth/forgot-password', undefined, {
        body: { email: `spent-${randomUUID()}@example.com` },
        headers: from(ip),
      }),
    );
    const tried = [
      `mutation { forgotPassword(email: "spent-${randomUUID()}@example.com") { ok } }`,
      `mutation { a: forgotPassword(email: "a-${randomUUID()}@example.com") { ok } b: forgotPassword(email: "b-${randomUUID()}@example.com") { ok } }`,
      'mutation { emailConfirmation(confirmation: "x") { jwt } }',
    ];
    for (const query of tried)
      expectRefusedAsTooMany(
        await rest('/graphql', undefined, { body: { query }, headers: from(ip) }),
      );
  }, 120_000);
});

describe('every playlist write spends operations by its size', () => {
  const items = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      __typename: 'ComponentPlaylistsActivity',
      title: `Item ${index}`,
      activity: activities[index % activities.length]!.documentId,
    }));

  it('REST and GraphQL playlist writes with 500 items each are refused once they pass the operations budget', async () => {
    for (const send of [
      (jwt: string) =>
        rest('/api/playlists', jwt, {
          body: { data: { title: 'Big', items: items(500) } },
          headers: from(newAddress()),
        }),
      (jwt: string) =>
        rest('/graphql', jwt, {
          body: {
            query: 'mutation($data: PlaylistInput!) { createPlaylist(data: $data) { documentId } }',
            variables: { data: { title: 'Big', items: items(500) } },
          },
          headers: from(newAddress()),
        }),
      (jwt: string) =>
        rest('/graphql', jwt, {
          body: {
            query: `mutation { updatePlaylist(documentId: "x", data: { items: [${items(500)
              .map(() => '{ __typename: "x" }')
              .join(', ')}] }) { documentId } }`,
          },
          headers: from(newAddress()),
        }),
    ]) {
      const teacher = await newTeacher();
      const tried = PLAYLIST_OPERATIONS_PER_MINUTE / 500 + 2;
      const answers = await inBatches(
        Array.from({ length: tried }, () => () => send(teacher.jwt)),
        1,
      );
      expect(
        answers
          .slice(0, PLAYLIST_OPERATIONS_PER_MINUTE / 500)
          .filter((answer) => answer.status === 429),
      ).toEqual([]);
      answers.slice(PLAYLIST_OPERATIONS_PER_MINUTE / 500).forEach(expectRefusedAsTooMany);
      expect(answers[0]!.headers.get('ratelimit-policy')).toContain('"syncOperations"');
    }
  }, 240_000);

  it('bulk syncs sent gzip-encoded or chunked are counted by their operations: no more than the budget is applied', async () => {
    for (const encoding of ['gzip', 'chunked'] as const) {
      const teacher = await newTeacher();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          rawPost('/api/playlist-sync', teacher.jwt, syncBody(1000), encoding),
        ),
      );
      const applied = answers.filter((answer) => answer.status === 200).length;
      console.info(
        `4 bulk syncs of 1,000 operations sent ${encoding}: ${applied} applied, ${answers.filter((a) => a.status === 429).length} refused`,
      );
      expect(applied, encoding).toBeLessThanOrEqual(PLAYLIST_OPERATIONS_PER_MINUTE / 1000);
      expect(
        answers.filter((answer) => answer.status === 429).length,
        encoding,
      ).toBeGreaterThanOrEqual(2);
    }
  }, 240_000);
});

/** A teacher registered from an address of their own, signed in. */
async function newTeacher() {
  const email = `teacher-${randomUUID()}@example.com`;
  const password = 'sonata1819';
  const answer = await rest('/api/auth/local/register', undefined, {
    body: {
      email,
      username: email,
      password,
      user_profile_data: { first_name: 'New', last_name: 'Teacher' },
    },
    headers: from(
      `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    ),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { email, password, jwt: (answer.body as { jwt: string }).jwt };
}

/** A POST whose body is gzip-encoded, or chunked (no Content-Length), on a connection of its own. */
function rawPost(path: string, token: string, body: unknown, encoding: 'gzip' | 'chunked') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const json = Buffer.from(JSON.stringify(body));
    const payload = encoding === 'gzip' ? gzipSync(json) : json;
    const headers: Record<string, string | number> = {
      'X-Forwarded-For': newAddress(),
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    };
    if (encoding === 'gzip')
      Object.assign(headers, { 'Content-Encoding': 'gzip', 'Content-Length': payload.length });
    else headers['Transfer-Encoding'] = 'chunked';
    const req = request(`${cms.url}${path}`, { method: 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    if (encoding === 'chunked')
      for (let at = 0; at < payload.length; at += 16_384)
        req.write(payload.subarray(at, at + 16_384));
    req.end(encoding === 'chunked' ? undefined : payload);
  });
}

describe('one account cannot stall everyone', () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const email of [DEMO.trial, DEMO.subscriber, DEMO.subscriber2])
      tokens[email] = await logIn(email);
  });

  it("an account's parallel bulk syncs run one at a time, while another account's sync and a visitor's read are answered after at most one of them", async () => {
    const ip = newAddress();
    const began = performance.now();
    const at = () => Math.round(performance.now() - began);
    const bulk = Array.from({ length: 12 }, () =>
      rest('/api/playlist-sync', tokens[DEMO.trial], {
        body: syncBody(1000),
        headers: from(ip),
      }).then((answer) => ({ answer, ms: at() })),
    );
    // While the first bulk sync runs: a visitor and another teacher, each on a new connection.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [visitor, other] = await Promise.all([
      onNewConnection('GET', '/api/audiences', { ip: newAddress() }).then((answer) => ({
        ...answer,
        ms: at(),
      })),
      onNewConnection('POST', '/api/playlist-sync', {
        ip: newAddress(),
        token: tokens[DEMO.subscriber],
        body: syncBody(3),
      }).then((answer) => ({ ...answer, ms: at() })),
    ]);
    const answers = await Promise.all(bulk);

    expect(visitor.status).toBe(200);
    expect(other.status).toBe(200);
    const firstDone = Math.min(
      ...answers.filter(({ answer }) => answer.status === 200).map(({ ms }) => ms),
    );
    console.info(
      `12 bulk syncs from one account: the first took ${firstDone} ms; a visitor was answered at ${visitor.ms} ms, another account's sync at ${other.ms} ms; ` +
        `${answers.filter(({ answer }) => answer.status === 200).length} applied, ${answers.filter(({ answer }) => answer.status === 429).length} refused`,
    );
    // Behind at most the one bulk sync that was running (SQLite has one writer), never behind twelve.
    expect(visitor.ms).toBeLessThan(firstDone + 5_000);
    expect(other.ms).toBeLessThan(firstDone + 5_000);
    // One runs, eight wait their turn, the rest are told at once to come back later; the account's
    // seconds of sync work then run out.
    const refused = answers.filter(({ answer }) => answer.status === 429);
    refused.forEach(({ answer }) => expectRefusedAsTooMany(answer));
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(answers.filter(({ answer }) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
  }, 240_000);

  it("one account's writes are refused beyond its budget while another account on the same address still writes", async () => {
    const ip = newAddress();
    // A cheap write (refused as invalid by the route itself): the budget counts requests, answered or not.
    const write = (token: string) =>
      rest('/api/member-account/remove-invitation', token, { body: {}, headers: from(ip) });
    // An account that has not written yet this minute.
    const answers = await inBatches(
      Array.from(
        { length: USER_WRITES_PER_MINUTE + 10 },
        () => () => write(tokens[DEMO.subscriber2]!),
      ),
      10,
    );
    expect(
      answers.slice(0, USER_WRITES_PER_MINUTE).filter((answer) => answer.status === 429),
    ).toEqual([]);
    answers.slice(USER_WRITES_PER_MINUTE).forEach(expectRefusedAsTooMany);
    expect((answers.at(-1)!.body as { error: { message: string } }).error.message).toMatch(
      /this account/,
    );
    expect((await write(tokens[DEMO.trial]!)).status).not.toBe(429);
  }, 120_000);
});

describe('a school behind one address', () => {
  it('many teachers writing at once from one address are not refused', async () => {
    const school = newAddress();
    const teachers = 30;
    // Accounts registered from their homes (the e-mail budget is per address).
    const tokens = await inBatches(
      Array.from({ length: teachers }, (_, index) => async () => {
        const email = `school-${randomUUID()}@example.com`;
        const answer = await rest('/api/auth/local/register', undefined, {
          body: {
            email,
            username: email,
            password: 'sonata1819',
            user_profile_data: { first_name: 'School', last_name: `Teacher ${index}` },
          },
          headers: from(`198.51.100.${index + 1}`),
        });
        expect(answer.status).toBe(200);
        return (answer.body as { jwt: string }).jwt;
      }),
      5,
    );
    // Every teacher's devices: more writes from the address than any one account may send.
    const perTeacher = 15;
    const answers = await inBatches(
      tokens.flatMap((token) =>
        Array.from(
          { length: perTeacher },
          (_, index) => () =>
            index % 3 === 0
              ? rest('/api/playlist-sync', token, { body: syncBody(5), headers: from(school) })
              : rest('/graphql', token, {
                  body: { query: '{ __typename }' },
                  headers: from(school),
                }),
        ),
      ),
      20,
    );
    expect(teachers * perTeacher).toBeGreaterThan(USER_WRITES_PER_MINUTE);
    expect(
      answers.filter((answer) => answer.status !== 200).map((answer) => answer.status),
    ).toEqual([]);
  }, 180_000);
});

/** Activities to put in playlists (the seed's), read once. */
let activities: { documentId: string; title: string }[] = [];

/**
 * A new playlist and `operations - 1` edits: items added (up to the CMS's 500 per playlist), then
 * moved, as a device that was offline for long sends them.
 */
function syncBody(operations: number) {
  const keys: string[] = [];
  const edits = Array.from({ length: operations - 1 }, (_, index) => {
    if (index < 499 || keys.length === 0) {
      const activity = activities[index % activities.length]!;
      const key = `item-${randomUUID()}`;
      keys.push(key);
      const item = {
        key,
        kind: 'ComponentPlaylistsActivity',
        itemId: activity.documentId,
        title: activity.title,
        contextPath: `/activities/${index}`,
      };
      return { id: `op-${randomUUID()}`, type: 'addItem', item, after: null };
    }
    return {
      id: `op-${randomUUID()}`,
      type: 'moveItem',
      key: keys[index % keys.length],
      after: null,
    };
  });
  return {
    clientId: `pl-${randomUUID()}`,
    device: 'tablet',
    baseVersion: null,
    operations: [
      { id: `op-${randomUUID()}`, type: 'create', title: 'Lesson', audienceId: null, items: [] },
      ...edits,
    ],
  };
}
