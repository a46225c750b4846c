// Start-up main-thread work, as a ratio to a bare page of the same toolchain (the target: ≤ 1.5×
// for home, a programme and a lesson overview). The figure of each start is the renderer main
// thread's script self time (compile, evaluate, function calls, timers, microtasks, GC: the
// 'script' kind of bench/offline-trace.mjs) from the navigation's start to its first contentful
// paint, both taken from a Chrome trace of that start; events are cut at those two moments.
// The bare page is bench/probes/one.html, React 19 rendering one small component, built by the
// same build (BENCH_PROBES=1) and served the same way.
// The case measured is a returning teacher's: signed in as the demo subscriber, each page visited
// once before, the service worker installed, controlling and running, its caches warm, online.
// That is every start after the first; a worker the browser had stopped would start on its own
// thread, not the page's main thread this figure counts.
// Every start is a fresh tab. Rounds alternate the order of the cases (the machine's speed
// drifts); each round takes the median of RUNS starts per case, and the ratio is the median of
// the rounds' ratios. Figures, never pass/fail.    node bench/startup.mjs
//   STARTUP_ROUNDS (default 3), STARTUP_RUNS (default 5)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { scratchDir } from '../scripts/scratch.mjs';
import { mainThreadSelfTime, traced } from './offline-trace.mjs';
import {
  buildWithProbes,
  firstLessonByLinks,
  median,
  signedInUnderWorker,
  startStack,
} from './support.mjs';

const RUNS = Math.max(5, Number(process.env.STARTUP_RUNS ?? 5));
const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 3);
const TARGET_RATIO = 1.5;
const PROGRAMME = '/primary/sound-explorers';
const PROBE = '/bench/probes/one.html';

/** @param {number[]} values */
const rounded = (values) => values.map((value) => Math.round(value * 100) / 100);
/** @param {number} value */
const tenths = (value) => Math.round(value * 10) / 10;

/**
 * The span a start is measured over, in trace time: from the navigation's start to the first
 * contentful paint Blink marks on the page's main thread. The trace's own navigationStart marks
 * are no anchor (a navigation that moves to a new renderer process leaves none with the paint's
 * navigation id), so the start is the paint's trace time less the page's own figure for it
 * (PerformancePaintTiming.startTime: milliseconds since navigation start, the same paint).
 * @param {any[]} events @param {number} paintMs @param {string} path
 */
function navigationToFirstPaint(events, paintMs, path) {
  const paint = events.filter((event) => event.name === 'firstContentfulPaint').at(-1);
  if (!paint) throw new Error(`the trace of ${path} has no first contentful paint`);
  return { thread: `${paint.pid}:${paint.tid}`, from: paint.ts - paintMs * 1000, until: paint.ts };
}

/**
 * One start in a fresh tab: main-thread self time per kind from navigation to first contentful
 * paint, and that paint's time.
 * @param {import('@playwright/test').BrowserContext} context @param {string} path
 */
async function tracedStart(context, path) {
  const tab = await context.newPage();
  try {
    const { result: paintMs, events } = await traced(context, tab, async () => {
      await tab.goto(path);
      const paint = await tab.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        undefined,
        { timeout: 30_000 },
      );
      // Every start is the returning teacher's: the worker answers the page.
      if (!(await tab.evaluate(() => navigator.serviceWorker.controller !== null)))
        throw new Error(`the service worker does not control ${path}`);
      return Number(await paint.jsonValue());
    });
    return {
      mainThreadMs: mainThreadSelfTime(events, navigationToFirstPaint(events, paintMs, path)),
      fcp_ms: tenths(paintMs),
    };
  } finally {
    await tab.close();
  }
}

const loadAtStart = rounded(loadavg());
const workDir = scratchDir('music-classroom-startup-');
const distDir = join(workDir, 'dist');
/** @type {Array<() => Promise<unknown>>} */
const stops = [];
try {
  buildWithProbes(distDir);
  const { web } = await startStack({ dataDir: workDir, distDir }, stops);
  const { browser, context, page } = await signedInUnderWorker(web.url);
  stops.push(() => browser.close());
  const { lesson } = await firstLessonByLinks(page, PROGRAMME);

  /** @type {Record<string, string>} what each case opens; `one` is the bare page */
  const cases = { one: PROBE, home: '/', programme: PROGRAMME, lesson_overview: lesson };
  // Each page once, as the teacher did yesterday: the worker has answered it and holds its data.
  for (const path of Object.values(cases)) {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
  }

  /** @type {Record<string, { script_ms: number, rendering_ms: number, fcp_ms: number }>[]} */
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const names = Object.keys(cases);
    if (round % 2 === 1) names.reverse();
    /** @type {Record<string, { script_ms: number, rendering_ms: number, fcp_ms: number }>} */
    const figures = {};
    for (const name of names) {
      const starts = [];
      for (let run = 0; run < RUNS; run += 1)
        starts.push(await tracedStart(context, cases[name] ?? '/'));
      figures[name] = {
        script_ms: median(starts.map((start) => start.mainThreadMs.script ?? NaN)),
        rendering_ms: median(starts.map((start) => start.mainThreadMs.rendering ?? NaN)),
        fcp_ms: median(starts.map((start) => start.fcp_ms)),
      };
    }
    rounds.push(figures);
    console.log(`round ${round + 1}: ${JSON.stringify(figures)}`);
  }

  /** @param {string} name @param {'script_ms' | 'fcp_ms'} figure */
  const acrossRounds = (name, figure) =>
    tenths(median(rounds.map((round) => round[name]?.[figure] ?? NaN)));
  const pages = Object.fromEntries(
    Object.entries(cases)
      .filter(([name]) => name !== 'one')
      .map(([name, path]) => {
        const ratios = rounded(
          rounds.map(
            (round) => (round[name]?.script_ms ?? NaN) / Math.max(0.1, round.one?.script_ms ?? NaN),
          ),
        );
        const ratio = median(ratios);
        return [
          name,
          {
            path,
            script_ms: acrossRounds(name, 'script_ms'),
            fcp_ms: acrossRounds(name, 'fcp_ms'),
            ratio,
            ratio_per_round: ratios,
            met: ratio <= TARGET_RATIO,
            over_by: Math.max(0, Math.round((ratio - TARGET_RATIO) * 100) / 100),
          },
        ];
      }),
  );
  const result = {
    name: 'startup',
    measure:
      'renderer main-thread script self time (compile, evaluate, calls, timers, microtasks, GC) from navigation start to first contentful paint',
    case: 'returning teacher: signed in, each page visited before, the service worker controlling and running, caches warm, online',
    runs_per_case: RUNS,
    rounds,
    one_component: {
      path: PROBE,
      script_ms: acrossRounds('one', 'script_ms'),
      fcp_ms: acrossRounds('one', 'fcp_ms'),
    },
    pages,
    target_ratio: TARGET_RATIO,
    met: Object.values(pages).every((entry) => entry.met),
    load: { start: loadAtStart, end: rounded(loadavg()) },
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/startup.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
}
