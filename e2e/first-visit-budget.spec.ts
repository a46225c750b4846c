import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

// The JavaScript a first visit to home fetches by network idle, counted as gzip bytes of each
// script's body (stable from run to run, so a budget, not a timing). bench/first-visit.mjs prints
// the same figures with their targets.
const manifest = JSON.parse(
  readFileSync(join(process.env.E2E_DIST_DIR ?? 'dist', '.vite', 'manifest.json'), 'utf8'),
) as Record<string, { file: string; name?: string }>;
const teacherOnly = teacherOnlyChunks(manifest);

/** The chunks in a list, largest first, for a failure message that says what to look at. */
const listing = (chunks: { file: string; gzip: number }[]) =>
  chunks.map((chunk) => `${chunk.file} ${kib(chunk.gzip)} KiB`).join('\n');

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
