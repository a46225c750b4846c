// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/cms-process.mjs';
import { startSeededCms } from '../../scripts/cms-seed-template.mjs';
import { startLocalStack } from '../../scripts/local-stack.mjs';
import { DEMO } from './support/test-cms';

// The stack `npm start` runs, with its preferred app port taken by another program: the web
// server falls back to a free port, and the CMS's links and CORS name that address, not the
// busy one. Its GraphQL errors carry no stack trace and no file path of the machine.

let busy: Server;
let busyPort = 0;
let folder = '';
let stack: Awaited<ReturnType<typeof startLocalStack>>;
const cmsLog = () => join(folder, 'cms', 'cms.log');

beforeAll(async () => {
  busyPort = await freePort();
  busy = createServer(() => {});
  await new Promise<void>((resolve) => busy.listen(busyPort, '127.0.0.1', resolve));
  folder = scratchDir('music-classroom-start-stack-');
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>shell</title>');
  stack = await startLocalStack({
    appPort: busyPort,
    cmsPort: await freePort(),
    distDir: folder,
    dataDir: join(folder, 'cms'),
    cmsLog: cmsLog(),
    bootCms: startSeededCms,
  });
});

afterAll(async () => {
  await stack?.cms.stop();
  await stack?.web.stop();
  await new Promise((resolve) => busy?.close(resolve));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('npm start with its app port taken', () => {
  it('serves the app on another port', () => {
    expect(new URL(stack.web.url).port).not.toBe(String(busyPort));
  });

  it("sends password-reset links to the app's real address", async () => {
    const asked = await fetch(`${stack.web.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO.subscriber }),
    });
    expect(asked.status).toBe(200);
    await expect
      .poll(() => readFileSync(cmsLog(), 'utf8'), { timeout: 10_000 })
      .toMatch(/reset-password\?code=/);
    const links = [
      ...readFileSync(cmsLog(), 'utf8').matchAll(
        /(https?:\/\/[^\s"'<>/]+)\/account\/reset-password\?code=/g,
      ),
    ].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links)).toEqual(new Set([stack.web.url]));
  });

  it("lets the app's real origin, and not the busy port's, call the CMS across origins", async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.cms.url}/graphql`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    expect((await preflight(stack.web.url)).headers.get('access-control-allow-origin')).toBe(
      stack.web.url,
    );
    const localhost = stack.web.url.replace('127.0.0.1', 'localhost');
    expect((await preflight(localhost)).headers.get('access-control-allow-origin')).toBe(localhost);
    for (const other of [
      `http://127.0.0.1:${busyPort}`,
      'http://127.0.0.1:4173',
      'http://localhost:4173',
    ]) {
      expect((await preflight(other)).headers.get('access-control-allow-origin'), other).not.toBe(
        other,
      );
    }
  });

  it('answers a malformed or failing GraphQL query with no stack trace and no file path', async () => {
    const machinePaths = [
      process.cwd(),
      join(process.cwd(), 'cms'),
      'node_modules',
      '/home/',
      '/usr/',
    ];
    const queries = [
      '{ audiences { title ',
      'query { nothingLikeThis }',
      '{ audiences(filters: { slug: { eq: 5 } }) { title } }',
      '{ __schema { types { name } } }',
      'mutation { createAudience(data: {}) { title } }',
      // One letter off a real field: GraphQL would suggest it, naming the schema guess by guess.
      '{ audiences { titl } }',
    ];
    for (const query of queries) {
      const answer = await fetch(`${stack.web.url}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      const text = await answer.text();
      expect(text, query).toMatch(/"errors"/);
      expect(text, query).not.toMatch(/stacktrace|\bat [\w.<>]+ \(/i);
      expect(text, query).not.toMatch(/did you mean/i);
      for (const path of machinePaths)
        expect(text.includes(path), `${query} names ${path}`).toBe(false);
    }
  });

  it('names no server software, through the app port or on the CMS port', async () => {
    const named: string[] = [];
    for (const origin of [stack.web.url, stack.cms.url]) {
      for (const [path, init] of [
        [
          '/graphql',
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"query":"{ audiences { title } }"}',
          },
        ],
        [
          '/graphql',
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"query":"{ nothing }"}',
          },
        ],
        ['/api/nosuch', {}],
        ['/api/audiences', {}],
        [
          '/api/auth/local',
          { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
        ],
        ['/uploads/nosuch.mp3', {}],
      ] as [string, RequestInit][]) {
        const poweredBy = (await fetch(`${origin}${path}`, init)).headers.get('x-powered-by');
        if (poweredBy !== null) named.push(`${origin}${path}: ${poweredBy}`);
      }
    }
    expect(named).toEqual([]);
  });
});
