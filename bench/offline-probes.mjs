// How much of an offline cold start to a lesson's first slide this stack needs at the least
// (the target: the first slide within 1.3x the static page). Builds the app with three probe pages
// beside it (BENCH_PROBES=1, bench/probes/), downloads one lesson as the demo subscriber, cuts
// the network and opens, each in a fresh tab under the same service worker:
// - static: the tiny page every offline ratio is measured against (public/offline-probe.html);
// - floor: React DOM and Dexie, one read of the downloaded lesson, one render (no router, no
//   query cache, no lesson-mode code): the least any page of this stack can do;
// - bare: lesson mode's route with a bare query client (no persisted cache, no background work);
// - lean: the app's providers and lesson-mode route without the site's shell and other routes;
// - app: the app itself at the lesson's first slide.
// Rounds alternate the cases (the machine's speed drifts); each is the median of 5 starts, timed
// to the frame that painted the slide (the app's own, not its snapshot), and one more traced
// start of each says where the time went (bench/offline-trace.mjs).
// Figures, never pass/fail.    node bench/offline-probes.mjs
import { scratchDir } from '../scripts/scratch.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordIndexedDb, timedStart, tracedColdStart } from './offline-trace.mjs';
import {
  buildWithProbes,
  firstLessonByLinks,
  median,
  signedInUnderWorker,
  startStack,
} from './support.mjs';

const RUNS = 5;
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 3);
const READY = '.slide-controls__counter';

const workDir = scratchDir('music-classroom-probes-');
const distDir = join(workDir, 'dist');
/** @type {Array<() => Promise<unknown>>} */
const stops = [];
try {
  buildWithProbes(distDir);
  const { web } = await startStack({ dataDir: workDir, distDir }, stops);
  const { browser, context, page } = await signedInUnderWorker(web.url);
  stops.push(() => browser.close());

  // One unit made available offline, as a teacher would, and its first lesson's first slide.
  const { lesson } = await firstLessonByLinks(page, '/primary/sound-explorers');
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await page.getByText('Available offline', { exact: true }).first().waitFor({ timeout: 300_000 });
  await page.goto(`${lesson}/slides`);
  const firstSlide = await page.getByRole('link', { name: 'Get started' }).getAttribute('href');
  if (!firstSlide) throw new Error("the lesson overview has no 'Get started' link");
  // Each probe page once online, so the worker has answered it before the network goes.
  for (const probe of [
    '/bench/probes/floor.html',
    '/bench/probes/bare.html',
    '/bench/probes/lesson.html',
    firstSlide,
  ]) {
    await page.goto(probe);
    await page.waitForLoadState('networkidle');
  }
  await context.addInitScript(recordIndexedDb);
  await context.setOffline(true);

  /** @type {Record<string, string>} what each case opens; all wait for the slide counter but static */
  const cases = {
    static: '/offline-probe.html',
    floor: '/bench/probes/floor.html',
    bare: `/bench/probes/bare.html#${encodeURIComponent(firstSlide)}`,
    lean: `/bench/probes/lesson.html#${encodeURIComponent(firstSlide)}`,
    app: firstSlide,
  };
  /** @param {string} name */
  const coldStart = async (name) => {
    const times = [];
    for (let run = 0; run < RUNS; run += 1) {
      // To the frame that painted the slide, as the page saw it (bench/offline-trace.mjs); the
      // app's own slide, not the snapshot of it the worker paints before the app runs.
      const ready = name === 'static' ? '#probe' : name === 'app' ? `#root ${READY}` : READY;
      const { tab, frameMs } = await timedStart(context, cases[name] ?? '/', [ready]);
      times.push(frameMs[0] ?? NaN);
      await tab.close();
    }
    return median(times);
  };
  /** @type {Record<string, number>[]} */
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    /** @type {Record<string, number>} */
    const ms = {};
    for (const name of Object.keys(cases)) ms[name] = await coldStart(name);
    rounds.push(ms);
  }
  /** @type {Record<string, unknown>} */
  const traces = {};
  for (const [name, path] of Object.entries(cases))
    traces[name] = await tracedColdStart(context, path, name === 'static' ? '#probe' : READY);

  /** @param {string} name */
  const ratios = (name) =>
    rounds.map((ms) => Math.round(((ms[name] ?? NaN) / Math.max(1, ms.static ?? NaN)) * 100) / 100);
  const result = {
    name: 'offline-probes',
    runs_per_case: RUNS,
    rounds,
    ratio_to_static: {
      floor: ratios('floor'),
      bare: ratios('bare'),
      lean: ratios('lean'),
      app: ratios('app'),
    },
    target_first_slide_ratio: 1.3,
    traces,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/offline-probes.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
}
