// Offline engine figures, against the real stack with a byte-counting proxy between
// the web server and the CMS:
// - download efficiency: bytes of media transferred while downloading every seeded unit of a
//   programme through 'Make available offline', over the bytes of the distinct media files
//   (target ≤ 1.02: each file once, however many lessons share it);
// - offline cold start: with the network off, a fresh tab opening a downloaded lesson's first
//   slide, against the same for a tiny static page served by the same service worker, with the
//   worker running and again with it stopped before each start (median of
//   5 each, and their ratio), each timed to the frame that painted the content, as the page saw
//   it (and, reported beside, when the bench saw it from outside);
// - offline cold starts of home, the programme and a playlist (each painted from its snapshot, and
//   timed to the app's own page too) against the same static page, with
//   a trace of one run of each case (bench/offline-trace.mjs: main-thread script, rendering and
//   HTML parsing, IndexedDB time outstanding, when the scripts arrived), so the next step is visible;
// - persisted query cache: in those lesson cold starts, how long restoring the persisted TanStack
//   cache took (local storage read, parse, hydrate; the app's 'query-cache-restore' measure) and
//   when after navigation start it was done, with the size of what is persisted.
// Figures, never pass/fail.    node bench/offline.mjs   (uses dist/; BENCH_DIST_DIR=... otherwise)
import { scratchDir } from '../scripts/scratch.mjs';
import { createServer, request as httpRequest } from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startCms } from '../scripts/cms-process.mjs';
import { startWebServer } from '../server/web-server.mjs';
import { recordIndexedDb, timedStart, tracedColdStart } from './offline-trace.mjs';
import { median, signedInUnderWorker } from './support.mjs';

const PROGRAMME = 'sound-explorers';
const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 5);

/**
 * A pass-through proxy that counts the body bytes of every /uploads/ answer fetched for a
 * download (the download manager marks its requests with a header), per URL. A page's own
 * <video preload> or images while browsing are not the download's cost and are not counted.
 */
/** @param {import('node:http').IncomingMessage} req */
const counted = (req) =>
  (req.url ?? '').startsWith('/uploads/') && req.headers['x-media-download'] !== undefined;

/** @param {import('node:http').IncomingMessage} req */
const uploadPath = (req) => new URL(req.url ?? '/', 'http://proxy').pathname;

/** @param {string} target */
async function countingProxy(target) {
  /** @type {Map<string, { bytes: number, requests: number, size: number }>} */
  const transferred = new Map();
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk) => {
          if (counted(req)) {
            const path = uploadPath(req);
            const entry = transferred.get(path) ?? {
              bytes: 0,
              requests: 0,
              size: Number(answer.headers['content-length'] ?? 0),
            };
            entry.bytes += chunk.length;
            transferred.set(path, entry);
          }
          res.write(chunk);
        });
        answer.on('end', () => {
          if (counted(req)) {
            const entry = transferred.get(uploadPath(req));
            if (entry) entry.requests += 1;
          }
          res.end();
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return {
    url: `http://127.0.0.1:${port}`,
    transferred,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

const dataDir = scratchDir('music-classroom-offline-bench-');
/** @type {Array<() => Promise<unknown>>} */
const stops = [];
try {
  const cms = await startCms({
    port: await freePort(),
    dataDir,
    admin: false,
    log: join(dataDir, 'cms.log'),
  });
  stops.push(() => cms.stop());
  const proxy = await countingProxy(cms.url);
  stops.push(() => proxy.stop());
  const web = await startWebServer({
    distDir: process.env.BENCH_DIST_DIR ?? 'dist',
    cmsUrl: proxy.url,
  });
  stops.push(() => web.stop());
  const { browser, context, page } = await signedInUnderWorker(web.url);
  stops.push(() => browser.close());

  // Every unit of the programme, downloaded one after another as a teacher would.
  await page.goto(`/primary/${PROGRAMME}`);
  await page.locator('main a[href*="/unit/"]').first().waitFor();
  const unitLinks = await page
    .locator('main a[href*="/unit/"]')
    .evaluateAll((links) =>
      [...new Set(links.map((link) => link.getAttribute('href') ?? ''))].filter(Boolean),
    );
  proxy.transferred.clear();
  const started = Date.now();
  let firstLesson = null;
  for (const href of unitLinks) {
    await page.goto(href);
    await page.locator('main a[href*="/lesson/"]').first().waitFor();
    firstLesson ??=
      (
        await page
          .locator('main a[href*="/lesson/"]')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      ).find((href) => /\/lesson\/[^/]+$/.test(href ?? '')) ?? null;
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await page
      .getByText('Available offline', { exact: true })
      .first()
      .waitFor({ timeout: 300_000 });
  }
  const downloadSeconds = (Date.now() - started) / 1000;
  let transferred = 0;
  let unique = 0;
  for (const entry of proxy.transferred.values()) {
    transferred += entry.bytes;
    unique += entry.size || entry.bytes / Math.max(1, entry.requests);
  }

  // Offline cold start: a new tab, network off, first slide of a downloaded lesson.
  if (!firstLesson) throw new Error('no lesson link on the unit pages');
  await page.goto(`${firstLesson}/slides`);
  const firstSlide = await page.getByRole('link', { name: 'Get started' }).getAttribute('href');
  if (!firstSlide) throw new Error("the lesson overview has no 'Get started' link");
  // The other pages a teacher opens offline: home, the programme and a playlist, each visited
  // online first (what a teacher does before class) so the worker and the device hold them.
  await page.goto('/playlists');
  const playlist = await page.locator('main a[href^="/playlists/"]').first().getAttribute('href');
  if (!playlist) throw new Error('the subscriber has no playlist');
  // Each shown until it is kept as its snapshot (src/lib/offline/page-snapshot.ts), as a page a
  // teacher looks at for a second is.
  for (const path of ['/', `/primary/${PROGRAMME}`, playlist]) {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    const deadline = Date.now() + 15_000;
    while (
      !(await page.evaluate(
        async (address) =>
          (await (await caches.open('page-snapshots-v1')).match(address)) !== undefined,
        path,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`${path} was not kept as its snapshot`);
      await page.waitForTimeout(100);
    }
  }
  // The lesson's first slide too, shown long enough to be kept as its snapshot
  // (src/lib/offline/slide-snapshot.ts), as a teacher trying the lesson before class does.
  await page.goto(firstSlide);
  await page.locator('.slide-controls__counter').waitFor();
  await page.waitForTimeout(2_000);
  await context.addInitScript(recordIndexedDb);
  await context.setOffline(true);
  // A teacher's cold start in class comes after the browser let the worker go (it stops an idle
  // one within a minute): the second series stops it before each start, so the worker starts too.
  const devtools = await context.newCDPSession(page);
  /** @type {Map<string, string>} worker version id -> running status */
  const workerStatus = new Map();
  devtools.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) workerStatus.set(version.versionId, version.runningStatus);
  });
  await devtools.send('ServiceWorker.enable');
  const stopWorker = async () => {
    await devtools.send('ServiceWorker.stopAllWorkers');
    const deadline = Date.now() + 5_000;
    while (
      [...workerStatus.values()].some((status) => status !== 'stopped') &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  /** Pages whose snapshot the app's page differed from when it took over, and where: none, or the screen lied. @type {{ page: string, where: unknown }[]} */
  const differed = [];
  /** @param {string} path @param {string} ready @param {{ workerStopped?: boolean, appReady?: string }} [options] */
  const coldStart = async (path, ready, { workerStopped = false, appReady = ready } = {}) => {
    /** From the tab's goto to the frame that painted the page's content, as the page saw it. */
    const times = [];
    /** The same, when the app's own page was there (a snapshot painted first has left by then). */
    const appTimes = [];
    /** When the bench, outside the page, saw the content (from the tab's goto). */
    const outsideTimes = [];
    /** @type {{ restoreMs: number, restoredAtMs: number }[]} */
    const restores = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Timed to the frame that painted the page's content, looked for by the page itself at every
      // frame from its start, not to its load event (that waits for every picture the page names,
      // which the static page has none of), nor only from outside: that sees the content when the
      // page's main thread is next free, after any script that starts once the content is painted
      // (a first slide's snapshot starts the app then), and the static page some 60 ms late.
      const { tab, frameMs, outsideMs } = await timedStart(
        context,
        path,
        [ready, appReady],
        workerStopped ? stopWorker : undefined,
      );
      times.push(frameMs[0] ?? NaN);
      appTimes.push(frameMs[1] ?? NaN);
      outsideTimes.push(outsideMs);
      const restore = await tab.evaluate(() => {
        const entry = performance.getEntriesByName('query-cache-restore')[0];
        return entry
          ? { restoreMs: entry.duration, restoredAtMs: entry.startTime + entry.duration }
          : null;
      });
      if (restore) restores.push(restore);
      // A snapshot the app's page then differed from (src/lib/offline/page-snapshot.ts).
      differed.push(
        ...(await tab.evaluate(() =>
          performance.getEntriesByName('page-snapshot-differed').map((mark) => ({
            page: location.pathname,
            where: /** @type {PerformanceMark} */ (mark).detail,
          })),
        )),
      );
      await tab.close();
    }
    return {
      ms: median(times),
      appMs: median(appTimes),
      outsideMs: median(outsideTimes),
      restores,
    };
  };
  /** What each page shows once its content is there, offline. @type {Record<string, [string, string]>} */
  const cases = {
    static: ['/offline-probe.html', '#probe'],
    lesson_first_slide: [firstSlide, '.slide-controls__counter'],
    home: ['/', 'main h3'],
    programme: [`/primary/${PROGRAMME}`, 'main a[href*="/unit/"]'],
    playlist: [playlist, 'main li'],
  };
  /** @type {Record<string, number>} */
  const medians = {};
  /** @type {Record<string, unknown>} */
  const traces = {};
  /** @type {Record<string, number>} */
  const appMedians = {};
  /** @type {Record<string, number>} */
  const outsideMedians = {};
  /** The pages the device holds a snapshot of now. */
  const pagesKept = () =>
    page.evaluate(async () =>
      (await (await caches.open('page-snapshots-v1')).keys())
        .map((request) => new URL(request.url))
        .filter((url) => !url.search)
        .map((url) => url.pathname),
    );
  /** @type {Record<string, string[]>} */
  const pagesKeptBefore = {};
  for (const [name, [path, ready]] of Object.entries(cases)) {
    pagesKeptBefore[name] = await pagesKept();
    const started = await coldStart(path, ready, {
      appReady: name === 'static' ? ready : `#root ${ready}`,
    });
    medians[name] = started.ms;
    appMedians[name] = started.appMs;
    outsideMedians[name] = started.outsideMs;
    // One more run, traced (tracing slows it down, so its time is not the median's).
    traces[name] = await tracedColdStart(context, path, ready);
  }
  /** @type {Record<string, number>} */
  const stoppedMedians = {};
  for (const [name, [path, ready]] of Object.entries(cases)) {
    stoppedMedians[name] = (await coldStart(path, ready, { workerStopped: true })).ms;
  }
  const lesson = await coldStart(firstSlide, '.slide-controls__counter');
  const lessonMs = medians.lesson_first_slide ?? lesson.ms;
  const staticMs = medians.static ?? NaN;
  /** The targets: the first slide within 1.3x the static page, every other page within 2.0x. @param {Record<string, number>} times */
  const againstTargets = (times) => {
    /** @param {string} name @param {number} target */
    const ratio = (name, target) => {
      const value =
        Math.round(((times[name] ?? NaN) / Math.max(1, times.static ?? NaN)) * 100) / 100;
      return {
        ms: times[name],
        ratio: value,
        target_ratio: target,
        met: value <= target,
        over_by: Math.max(0, Math.round((value - target) * 100) / 100),
      };
    };
    return {
      static_ms: times.static,
      lesson_first_slide: ratio('lesson_first_slide', 1.3),
      home: ratio('home', 2.0),
      programme: ratio('programme', 2.0),
      playlist: ratio('playlist', 2.0),
    };
  };
  const persistedBytes = await page.evaluate(
    () => localStorage.getItem('music-classroom-query-cache')?.length ?? 0,
  );
  /** @param {number} value */
  const tenths = (value) => Math.round(value * 10) / 10;

  const result = {
    name: 'offline',
    units: unitLinks.length,
    media_files: proxy.transferred.size,
    media_bytes_transferred: transferred,
    media_bytes_unique: Math.round(unique),
    download_ratio: Math.round((transferred / Math.max(1, unique)) * 1000) / 1000,
    target_download_ratio: 1.02,
    download_seconds: Math.round(downloadSeconds * 10) / 10,
    offline_cold_start_lesson_ms: lessonMs,
    offline_cold_start_static_ms: staticMs,
    offline_cold_start_ratio: Math.round((lessonMs / Math.max(1, staticMs)) * 100) / 100,
    // The worker running (a tab opened while another is open), and stopped first (a cold start
    // after the browser let it go: the static page and the app both wait for it to start).
    offline_cold_starts: againstTargets(medians),
    offline_cold_starts_worker_stopped: againstTargets(stoppedMedians),
    // When the app itself had drawn each page (the first slide's snapshot gone): report only.
    offline_cold_starts_app_drawn: againstTargets(appMedians),
    // When the bench saw each page from outside (Playwright polling at every frame from its
    // goto): later than the frame that painted it wherever the page's script starts after that
    // frame and holds the main thread. Report only.
    offline_cold_starts_seen_from_outside: againstTargets(outsideMedians),
    offline_cold_start_traces: traces,
    // Which pages had a snapshot before each case's starts (src/lib/offline/page-snapshot.ts).
    page_snapshots_before: pagesKeptBefore,
    page_snapshots_differed: differed,
    persisted_cache_chars: persistedBytes,
    persisted_cache_restore_ms: tenths(median(lesson.restores.map((r) => r.restoreMs))),
    persisted_cache_restored_after_navigation_ms: tenths(
      median(lesson.restores.map((r) => r.restoredAtMs)),
    ),
    // Files fetched more than once, and how often (a page showing a file, then the download).
    fetched_more_than_once: Object.fromEntries(
      [...proxy.transferred]
        .filter(([, entry]) => entry.requests > 1)
        .map(([path, entry]) => [path, entry.requests]),
    ),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/offline.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
