// Lighthouse (mobile emulation, its default) for home, a programme page, a lesson overview, an
// activity page, a playlist and a lesson-mode slide, signed in as the demo subscriber, against the real stack (a throwaway seeded CMS and
// the built PWA behind the web server). Also asks Chromium whether the app is installable
// (Page.getInstallabilityErrors), since Lighthouse 12 no longer has a PWA category.
// Lighthouse 12 (the last release that runs on Node 20) is installed on first use into
// bench/.tools, so the app's own install and CI stay lean. Each page runs three times
// (LIGHTHOUSE_RUNS) and the run with the median performance score is reported. The runs are made
// beside two busy-loop processes the bench starts and stops itself (BENCH_BUSY_LOOPS=0: none), the
// fixed load the target is set at; the report records the load average at their start and end.
// Figures, never pass/fail.
//
//   node bench/lighthouse.mjs          (uses dist/; BENCH_DIST_DIR=... for another build)
import { scratchDir } from '../scripts/scratch.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { freePort } from '../scripts/cms-process.mjs';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import {
  BUSY_LOOPS,
  signInThroughPanel,
  startStack,
  subscriberQuery,
  withBusyLoad,
} from './support.mjs';

const LIGHTHOUSE_VERSION = '12.8.2';
const TOOLS = resolve('bench/.tools');
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

async function loadLighthouse() {
  const entry = join(TOOLS, 'node_modules', 'lighthouse', 'core', 'index.js');
  if (!existsSync(entry)) {
    mkdirSync(TOOLS, { recursive: true });
    const install = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        TOOLS,
        `lighthouse@${LIGHTHOUSE_VERSION}`,
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      { stdio: 'inherit' },
    );
    if (install.status !== 0) throw new Error('could not install lighthouse into bench/.tools');
  }
  return (await import(pathToFileURL(entry).href)).default;
}

/** The seeded lesson's and activity's paths (ids differ on every fresh seed). @param {string} baseUrl */
async function contentPaths(baseUrl) {
  /** @type {{ programmes: { units: { documentId: string, lessons: { documentId: string, activity: { activity: { documentId: string } | null }[] }[] }[] }[] }} */
  const data = await subscriberQuery(
    baseUrl,
    `query LighthouseBench {
        programmes(filters: { slug: { eq: "sound-explorers" } }) {
          units { documentId lessons { documentId activity { activity { documentId } } } }
        }
      }`,
  );
  const unit = data.programmes[0]?.units.find((candidate) => candidate.lessons.length > 0);
  const lesson = unit?.lessons[0];
  const activity = lesson?.activity.find((entry) => entry.activity)?.activity;
  if (!unit || !lesson || !activity) throw new Error('the seed has no lesson with an activity');
  const lessonPath = `/primary/sound-explorers/unit/${unit.documentId}/lesson/${lesson.documentId}`;
  return {
    lesson: lessonPath,
    activity: `${lessonPath}/activity/${activity.documentId}`,
  };
}

const lighthouse = await loadLighthouse();
const dataDir = scratchDir('music-classroom-lighthouse-');
/** @type {Array<() => Promise<unknown>>} */
const stops = [];
try {
  const { web } = await startStack(
    { dataDir, distDir: process.env.BENCH_DIST_DIR ?? 'dist' },
    stops,
  );
  const port = await freePort();
  // Lighthouse drives this same browser over its debugging port, so the signed-in session (in
  // localStorage) is what it measures; disableStorageReset keeps it.
  // A persistent profile, not an incognito context: Chromium never offers to install from incognito.
  const profile = join(dataDir, 'chromium-profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium() ?? undefined,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  stops.push(() => context.close());
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${web.url}/`);
  await signInThroughPanel(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');

  const paths = await contentPaths(web.url);
  // Lesson mode's first slide, as 'Get started' on the lesson's overview leads to it.
  await page.goto(`${web.url}${paths.lesson}/slides`);
  const firstSlide = await page.getByRole('link', { name: 'Get started' }).getAttribute('href');
  if (!firstSlide) throw new Error("the lesson overview has no 'Get started' link");
  // A playlist as a teacher reaches it: the link on Your Playlists (the address is the device's
  // id for it, not the CMS's documentId; until 2026-11-24 the bench used the documentId and so
  // measured 'Playlist not found').
  await page.goto(`${web.url}/playlists`);
  const playlist = await page.locator('main a[href^="/playlists/"]').first().getAttribute('href');
  if (!playlist) throw new Error('Your Playlists lists no playlist for the subscriber');
  /** @type {Record<string, string>} */
  const every = {
    home: '/',
    programme: '/primary/sound-explorers',
    lessonOverview: paths.lesson,
    activity: paths.activity,
    playlist,
    lessonModeSlide: firstSlide,
  };
  // LIGHTHOUSE_PAGES=home,activity runs only those (one page first: each takes minutes).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages = Object.fromEntries(
    Object.entries(every).filter(([name]) => !only || only.includes(name)),
  );
  // Each page is looked at first, so a figure is never of an error page: its main heading is
  // recorded with its scores, and a 'not found' or 'not on this device' heading stops the bench.
  /** @type {Record<string, string>} */
  const headings = {};
  for (const [name, path] of Object.entries(pages)) {
    await page.goto(`${web.url}${path}`);
    const heading =
      (await page.locator('main h1').first().textContent({ timeout: 30_000 }))?.trim() ?? '';
    if (!heading || /not found|not on this device|cannot be shown|went wrong/i.test(heading))
      throw new Error(`${name} (${path}) shows '${heading}', not its content`);
    headings[name] = heading;
  }
  /** @type {Record<string, Record<string, number | string | null>>} */
  const scores = {};
  // Beside a fixed CPU load the bench starts itself, as the target asks ('at load 4': two busy
  // loops by default, BENCH_BUSY_LOOPS), so the figure is reproducible; it records the load.
  const { busy_loops: busyLoops, load } = await withBusyLoad(BUSY_LOOPS, async () => {
    for (const [name, path] of Object.entries(pages)) {
      // Lighthouse's own advice for noisy machines: several runs, the median one reported. Its
      // blocking time is measured CPU time slowed four times, so one busy moment moves a score.
      /** @type {any[]} */
      const runs = [];
      /** @type {string[]} */
      const retried = [];
      const measure = () =>
        lighthouse(`${web.url}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          disableStorageReset: true,
          onlyCategories: Object.keys(TARGETS),
        });
      for (let run = 0; run < RUNS; run += 1) {
        let result = await measure();
        // NO_NAVSTART is Lighthouse failing to record its own trace (no navigation start for the
        // frame it watches; its message says to run it again), not the page failing to load: the
        // first run of a page sometimes gets it, on old and new builds alike. That run is made
        // again, once, and reported in runs_retried. Any other error (NO_FCP: the page painted
        // nothing) counts as a run without a score.
        if (result?.lhr.runtimeError?.code === 'NO_NAVSTART') {
          retried.push(`run ${run + 1}: ${result.lhr.runtimeError.code}`);
          result = await measure();
        }
        runs.push(result);
      }
      const performanceOf = (/** @type {any} */ run) => run?.lhr.categories.performance?.score ?? 0;
      const result = runs.sort((a, b) => performanceOf(a) - performanceOf(b))[
        Math.floor(runs.length / 2)
      ];
      const categories = result?.lhr.categories ?? {};
      scores[name] = Object.fromEntries(
        Object.keys(TARGETS).map((category) => [
          category,
          categories[category]?.score == null ? null : Math.round(categories[category].score * 100),
        ]),
      );
      const failed = Object.values(result?.lhr.audits ?? {})
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 0.9 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual',
        )
        .map((audit) => audit.id);
      scores[name].heading = headings[name] ?? null;
      scores[name].failing_audits = /** @type {any} */ (failed);
      // The metrics behind the performance score, so a low one says where the time goes.
      scores[name].metrics_ms = /** @type {any} */ (
        Object.fromEntries(
          [
            'first-contentful-paint',
            'largest-contentful-paint',
            'speed-index',
            'total-blocking-time',
            'interactive',
          ].map((id) => [id, Math.round(result?.lhr.audits[id]?.numericValue ?? NaN)]),
        )
      );
      scores[name].cls = /** @type {any} */ (
        result?.lhr.audits['cumulative-layout-shift']?.numericValue ?? null
      );
      scores[name].performance_all_runs = /** @type {any} */ (
        runs.map((run) => Math.round(performanceOf(run) * 100))
      );
      // The targets must hold in every run, not only the median one.
      const lowest = (/** @type {string} */ category) =>
        Math.min(
          ...runs.map((run) => Math.round((run?.lhr.categories[category]?.score ?? 0) * 100)),
        );
      scores[name].lowest = /** @type {any} */ (
        Object.fromEntries(Object.keys(TARGETS).map((category) => [category, lowest(category)]))
      );
      scores[name].every_run_met = /** @type {any} */ (
        Object.entries(TARGETS).every(([category, target]) => lowest(category) >= target)
      );
      // A run without a score says why (Lighthouse's runtimeError, e.g. NO_FCP or a protocol
      // timeout under load) instead of silently counting as 0.
      scores[name].run_errors = /** @type {any} */ (
        runs.map((run) =>
          run?.lhr.runtimeError
            ? `${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`
            : run
              ? null
              : 'no result',
        )
      );
      scores[name].runs_retried = /** @type {any} */ (retried);
      if (process.env.LIGHTHOUSE_REPORTS) {
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        writeFileSync(
          join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`),
          JSON.stringify(result?.lhr),
        );
        runs.forEach((run, index) =>
          writeFileSync(
            join(process.env.LIGHTHOUSE_REPORTS ?? '', `${name}-run${index + 1}.json`),
            JSON.stringify(run?.lhr),
          ),
        );
      }
    }
  });
  const met = Object.values(scores).every(
    (entry) => /** @type {any} */ (entry).every_run_met === true,
  );
  const report = {
    name: 'lighthouse',
    version: LIGHTHOUSE_VERSION,
    emulation: 'mobile',
    runs_per_page: RUNS,
    busy_loops: busyLoops,
    load,
    scores,
    targets: TARGETS,
    targets_met: met,
    installable: installabilityErrors.length === 0,
    installability_errors: installabilityErrors.map((error) => error.errorId),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/lighthouse.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
