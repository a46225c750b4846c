import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { ROUTE_BUDGET_BYTES, measureBundles } from '../bench/bundle-size.mjs';
import {
  TEACHER_BUDGET_BYTES,
  VISITOR_BUDGET_BYTES,
  firstVisitScripts,
  homeReady,
  kib,
  teacherOnlyChunks,
} from '../bench/first-visit-probe.mjs';
import { expect, test } from './support/fixtures';
import { storeSubscriberSession } from './support/session';

// The JavaScript a first visit to home fetches by network idle, counted as the bytes of each
// script's body on the wire (the same from run to run: the web server sends the build's Brotli
// copies, so a budget, not a timing). bench/first-visit.mjs prints the same figures with their
// targets.
const distDir = process.env.E2E_DIST_DIR ?? 'dist';
const manifest = JSON.parse(
  readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
) as Record<string, { file: string; name?: string; css?: string[] }>;
const teacherOnly = teacherOnlyChunks(manifest);

/** The chunks in a list, largest first, for a failure message that says what to look at. */
const listing = (chunks: { file: string; bytes: number }[]) =>
  chunks.map((chunk) => `${chunk.file} ${kib(chunk.bytes)} KiB`).join('\n');

/** The bytes the web server sends for `url` to a browser that asks as Chromium does. */
const bytesSent = (url: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    }).on('error', reject);
  });

test('a visitor’s first visit to home fetches no Dexie, sync, download or playlist code, within the budget', async ({
  page,
}) => {
  // The check itself must see those chunks in the build, or it could never fail.
  expect([...new Set(teacherOnly.values())].sort()).toEqual(
    ['Dexie (IndexedDB)', 'playlist code', 'the downloads', 'the sync engine'].sort(),
  );
  const visit = await firstVisitScripts(page, '/', homeReady);
  const fetched = visit.chunks.filter((chunk) => teacherOnly.has(chunk.file));
  expect(fetched.map((chunk) => `${chunk.file} (${teacherOnly.get(chunk.file)})`)).toEqual([]);
  expect(visit.total, listing(visit.chunks)).toBeLessThanOrEqual(VISITOR_BUDGET_BYTES);
});

test('a signed-in teacher’s first visit to home stays within its JavaScript budget', async ({
  page,
}) => {
  await storeSubscriberSession(page);
  const visit = await firstVisitScripts(page, '/', homeReady);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log In' }),
  ).toHaveCount(0);
  // The sync engine starts for a teacher (proof the measured page is a signed-in one).
  expect(visit.chunks.some((chunk) => teacherOnly.get(chunk.file) === 'the sync engine')).toBe(
    true,
  );
  expect(visit.total, listing(visit.chunks)).toBeLessThanOrEqual(TEACHER_BUDGET_BYTES);
});

test('every route’s first load (the shell and the route, scripts and stylesheets) stays within its budget as the web server sends it', async ({
  baseURL,
}) => {
  const files = [
    ...new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])),
  ];
  const sent = new Map(
    await Promise.all(
      files.map(async (file) => [file, await bytesSent(`${baseURL}/${file}`)] as const),
    ),
  );
  const { routes, largest } = measureBundles(distDir, (file) => sent.get(file) ?? Infinity);
  // Lesson mode is among the routes measured, or the check could pass by measuring nothing.
  expect(routes.map((route) => route.route)).toContain('lesson-mode/routes/lesson-mode-page.tsx');
  expect(
    routes
      .filter((route) => route.firstLoadBytes.total > ROUTE_BUDGET_BYTES)
      .map((route) => `${route.route} ${kib(route.firstLoadBytes.total)} KiB`),
    `the largest: ${largest?.route} ${kib(largest?.firstLoadBytes.total ?? 0)} KiB`,
  ).toEqual([]);
});

test('the built app ships no graphql-js parser (the `graphql` module is a slim stand-in in the app build)', () => {
  // graphql-js's lexer and parser word every syntax error this way (graphql/error/syntaxError);
  // the stand-in (src/lib/cms/graphql-slim.ts) does not, so any chunk holding it has the real one.
  const assets = join(process.env.E2E_DIST_DIR ?? 'dist', 'assets');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((file) => readFileSync(join(assets, file), 'utf8').includes('Syntax Error: ')),
  ).toEqual([]);
});
