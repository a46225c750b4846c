// First visit to home: the JavaScript (bytes on the wire) a visitor's browser fetches by network
// idle, and a signed-in teacher's (a fresh browser holding only the session in local storage), each
// with its target and the chunks that make it up, against the real stack (a throwaway seeded CMS,
// the built PWA behind the web server). Also says whether a visitor fetched teacher-only code.
//   node bench/first-visit.mjs        (uses dist/; BENCH_DIST_DIR=... for another build)
import { scratchDir } from '../scripts/scratch.mjs';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import {
  TEACHER_BUDGET_BYTES,
  VISITOR_BUDGET_BYTES,
  firstVisitScripts,
  homeReady,
  kib,
  teacherOnlyChunks,
} from './first-visit-probe.mjs';
import { signInThroughPanel, startStack } from './support.mjs';

const distDir = process.env.BENCH_DIST_DIR ?? 'dist';
const dataDir = scratchDir('music-classroom-first-visit-');
/** @type {Array<() => Promise<unknown>>} */
const stops = [];
try {
  const { web } = await startStack({ dataDir, distDir }, stops);
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: CHROMIUM_ARGS,
  });
  stops.push(() => browser.close());
  const teacherOnly = teacherOnlyChunks(
    JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')),
  );

  const visitorContext = await browser.newContext({ baseURL: web.url });
  const visitor = await firstVisitScripts(await visitorContext.newPage(), '/', homeReady);

  // The teacher's session comes from a real sign-in; the measured browser starts with nothing else
  // (no HTTP cache, no service worker), as on a teacher's first visit from a new device.
  const signIn = await visitorContext.newPage();
  await signIn.goto('/');
  await signInThroughPanel(signIn);
  const session = await visitorContext.storageState();
  const teacherContext = await browser.newContext({
    baseURL: web.url,
    storageState: {
      cookies: [],
      origins: session.origins.map((origin) => ({
        ...origin,
        localStorage: origin.localStorage.filter((item) =>
          ['user', 'auth', 'role'].includes(item.name),
        ),
      })),
    },
  });
  const teacher = await firstVisitScripts(await teacherContext.newPage(), '/', homeReady);

  /** @param {typeof visitor} visit @param {number} budget */
  const figures = (visit, budget) => ({
    js_kib: kib(visit.total),
    target_kib: kib(budget),
    met: visit.total <= budget,
    over_by_kib: Math.max(0, kib(visit.total - budget)),
    chunks: visit.chunks.map((chunk) => ({
      file: chunk.file,
      kib: kib(chunk.bytes),
      ...(teacherOnly.has(chunk.file) ? { teacher_only: teacherOnly.get(chunk.file) } : {}),
    })),
  });
  const result = {
    name: 'first-visit',
    visitor: {
      ...figures(visitor, VISITOR_BUDGET_BYTES),
      teacher_only_code_fetched: [
        ...new Set(visitor.chunks.flatMap((chunk) => teacherOnly.get(chunk.file) ?? [])),
      ],
    },
    teacher: figures(teacher, TEACHER_BUDGET_BYTES),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/first-visit.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
