import { scratchDir } from '../../../scripts/scratch.mjs';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { freePort } from '../../../scripts/cms-process.mjs';
import { startSeededCms } from '../../../scripts/cms-seed-template.mjs';

// One client for every CMS server test: they all boot a real Strapi on a throwaway database and
// talk to it over GraphQL and REST, as the app and an attacker would.

/** The seed's password for every demo teacher (cms/src/bootstrap/accounts.js). */
const PASSWORD = 'music1234';
export const DEMO = {
  subscriber: 'subscriber@demo.school',
  subscriber2: 'subscriber2@demo.school',
  trial: 'trial@demo.school',
} as const;

interface GraphqlError {
  message: string;
  extensions?: { code?: string; stacktrace?: unknown; error?: { details?: unknown } };
}
export interface GraphqlAnswer<T = Record<string, unknown>> {
  data: T | null;
  errors?: GraphqlError[];
}
export interface RestInit {
  method?: string;
  /** Sent as JSON; a request with a body defaults to POST. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Another instance's address (a second CMS in the same test). */
  base?: string;
}
export interface RestAnswer {
  status: number;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: unknown;
  headers: Headers;
  /** Redirects are not followed, so a test sees where the CMS would send a browser. */
  location: string | null;
}

const bearer = (token?: string | null): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** GraphQL and REST calls against the CMS at `baseUrl()`, read when each call is made. */
export function cmsClient(baseUrl: () => string) {
  async function graphqlResponse<T = Record<string, unknown>>(
    query: string,
    token?: string | null,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(token), ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return {
      status: response.status,
      headers: response.headers,
      answer: (await response.json()) as GraphqlAnswer<T>,
    };
  }

  async function graphql<T = Record<string, unknown>>(
    query: string,
    token?: string | null,
    variables: Record<string, unknown> = {},
  ) {
    return (await graphqlResponse<T>(query, token, variables)).answer;
  }

  async function rest(
    path: string,
    token?: string | null,
    init: RestInit = {},
  ): Promise<RestAnswer> {
    const response = await fetch(`${init.base ?? baseUrl()}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'Content-Type': 'application/json', ...bearer(token), ...init.headers },
      redirect: 'manual',
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body = parse(await response.text());
    return {
      status: response.status,
      body,
      headers: response.headers,
      location: response.headers.get('location'),
    };
  }

  /** Logs in through users-permissions and fails the test when the CMS refuses. */
  async function logIn(identifier: string, password: string = PASSWORD): Promise<string> {
    const { status, body } = await rest('/api/auth/local', undefined, {
      body: { identifier, password },
    });
    expect(status, `login of ${identifier}: ${JSON.stringify(body)}`).toBe(200);
    return (body as { jwt: string }).jwt;
  }

  return { graphql, graphqlResponse, rest, logIn };
}

export interface TestCmsOptions {
  /** Extra environment for the CMS process (e.g. EMAIL_FROM, CMS_SECURITY_FIXTURES). */
  env?: Record<string, string>;
}

/**
 * Boots a seeded Strapi on a throwaway database and upload folder (a copy of the run's seeded
 * template, scripts/cms-seed-template.mjs, unless `env` changes the seed, when it seeds its own
 * on a first boot) before this file's tests and stops it
 * after them. Hooks registered later in the file run after the boot (before hooks run in
 * order), so they can log in. CMS_TEST_KEEP_DATA keeps the folder for a post-mortem.
 */
export function bootTestCms(label: string, options: TestCmsOptions = {}) {
  let server: { url: string; stop: () => Promise<void> } | undefined;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = scratchDir(`music-classroom-${label}-`);
    const boot = {
      port: await freePort(),
      dataDir,
      admin: false,
      log: join(dataDir, 'cms.log'),
      env: options.env ?? {},
    };
    server = await startSeededCms(boot);
  });

  afterAll(async () => {
    await server?.stop();
    if (dataDir && !process.env.CMS_TEST_KEEP_DATA)
      rmSync(dataDir, { recursive: true, force: true });
  });

  const url = () => {
    if (!server) throw new Error('The test CMS has not started (use it inside tests or hooks).');
    return server.url;
  };
  return {
    ...cmsClient(url),
    get url() {
      return url();
    },
    get dataDir() {
      return dataDir;
    },
    get logFile() {
      return join(dataDir, 'cms.log');
    },
  };
}
