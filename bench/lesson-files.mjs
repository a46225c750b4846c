// Lesson files at size: a lesson made 200 MB (one of its uploaded files grown on the throwaway
// CMS's disk), then, side by side in one run on this machine, a plain download of it from the
// local CMS, 'Save as a file' of that download, and 'Open a lesson file' of the result on a second
// device (its check, then its opening). Each phase's throughput (MB/s), and its peak memory: the
// page's JavaScript heap (Chrome DevTools' JSHeapUsedSize) and the whole browser's resident memory
// (every process of its profile, from /proc) above where it stood before the phase. Writes
// bench/results/lesson-files.json; never fails on time.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { scratchPath } from '../scripts/scratch.mjs';
import { signInThroughPanel, startStack } from './support.mjs';
import { writeFileSync } from 'node:fs';

const TARGET_BYTES = Number(process.env.LESSON_FILE_BENCH_MB ?? 200) * 1_000_000;
const LESSON = 'Lesson 4: Samba carnival';
const PHASE_TIMEOUT_MS = 15 * 60_000;
const MB = 1_000_000;

/** Resident memory of every process whose command line names `profile`, in bytes. @param {string} profile */
function browserRss(profile) {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes(profile)) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total;
}

/**
 * Runs `work` while sampling the browser's memory every 100 ms; returns its time, the peak
 * resident memory above where it stood before, and the page's peak JavaScript heap.
 * @param {{ profile: string, page: import('@playwright/test').Page }} device
 * @param {() => Promise<void>} work
 */
async function measured(device, work) {
  const cdp = await device.page.context().newCDPSession(device.page);
  await cdp.send('Performance.enable');
  const heap = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  };
  const rssBefore = browserRss(device.profile);
  const heapBefore = await heap();
  let rssPeak = rssBefore;
  let heapPeak = heapBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, browserRss(device.profile));
      heapPeak = Math.max(heapPeak, await heap().catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  try {
    await work();
  } finally {
    sampling = false;
    await sampler;
  }
  const seconds = (performance.now() - started) / 1000;
  await cdp.detach();
  return {
    seconds: Math.round(seconds * 100) / 100,
    peakBrowserMemoryAboveStartMB: Math.round((rssPeak - rssBefore) / MB),
    peakPageHeapMB: Math.round(heapPeak / MB),
    pageHeapAtStartMB: Math.round(heapBefore / MB),
  };
}

/**
 * A device: a Chromium profile of its own, signed in as the demo subscriber, under its worker.
 * @param {string} name @param {string} baseURL
 */
async function device(name, baseURL) {
  const profile = scratchPath(`bench-lesson-files-${name}`);
  rmSync(profile, { recursive: true, force: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium() ?? undefined,
    args: CHROMIUM_ARGS,
    baseURL,
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await signInThroughPanel(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { profile, context, page };
}

/**
 * The media addresses of this device's downloads.
 * @param {import('@playwright/test').Page} page @returns {Promise<string[]>}
 */
const downloadedFiles = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('music-classroom');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('downloads').objectStore('downloads').getAll();
          request.onsuccess = () => {
            resolve(request.result.flatMap((record) => record.mediaUrls));
            open.result.close();
          };
        };
      }),
  );

/** @param {import('@playwright/test').Page} page */
async function openSamba(page) {
  await page.goto('/primary/rhythm-makers');
  await page.getByRole('link', { name: /^View unit of work\s?: Pulse and rhythm$/ }).click();
  await page.getByRole('link', { name: LESSON }).click();
  await page.getByRole('heading', { level: 1, name: LESSON }).waitFor();
}

/** @param {import('@playwright/test').Page} page */
async function download(page) {
  await openSamba(page);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await page
    .getByText('Available offline', { exact: true })
    .first()
    .waitFor({ timeout: PHASE_TIMEOUT_MS });
}

/**
 * Grows `file` to `bytes` with random bytes (incompressible, as video is).
 * @param {string} file @param {number} bytes
 */
async function grow(file, bytes) {
  const out = createWriteStream(file, { flags: 'a' });
  for (let size = statSync(file).size; size < bytes; size += 1 << 20)
    if (!out.write(randomBytes(Math.min(1 << 20, bytes - size))))
      await new Promise((resolve) => out.once('drain', () => resolve(undefined)));
  await new Promise((resolve, reject) =>
    out.end((/** @type {Error | null | undefined} */ error) =>
      error ? reject(error) : resolve(undefined),
    ),
  );
}

const distDir = scratchPath('bench-lesson-files-dist');
const dataDir = scratchPath('bench-lesson-files-cms');
rmSync(dataDir, { recursive: true, force: true });
if (!existsSync(join(distDir, 'index.html'))) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @type {Array<() => Promise<unknown>>} */
const stops = [];
const loadAtStart = loadavg();
try {
  const { web } = await startStack({ dataDir, distDir }, stops);
  const a = await device('a', web.url);
  stops.push(() => a.context.close());

  // The lesson as seeded, once, to learn its files; the largest grows to make it TARGET_BYTES.
  await download(a.page);
  const urls = /** @type {string[]} */ (await downloadedFiles(a.page));
  const uploads = join(dataDir, 'public');
  const onDisk = urls
    .map((url) => ({
      url,
      path: join(uploads, decodeURIComponent(new URL(url, web.url).pathname)),
    }))
    .filter((file) => existsSync(file.path));
  const seeded = onDisk.reduce((sum, file) => sum + statSync(file.path).size, 0);
  const largest = onDisk.sort((x, y) => statSync(y.path).size - statSync(x.path).size)[0];
  if (!largest) throw new Error('the lesson has no uploaded file to grow');
  await grow(largest.path, statSync(largest.path).size + Math.max(0, TARGET_BYTES - seeded));
  const lessonBytes = onDisk.reduce((sum, file) => sum + statSync(file.path).size, 0);
  await a.page.goto('/offline');
  await a.page.getByRole('button', { name: `Remove ${LESSON}` }).click();
  await a.page.getByText(/^Nothing is downloaded yet\./).waitFor();

  const plain = await measured(a, () => download(a.page));

  await a.page.goto('/offline');
  const file = scratchPath('bench-lesson-files.mclesson');
  rmSync(file, { force: true });
  const save = await measured(a, async () => {
    const saved = a.page.waitForEvent('download', { timeout: PHASE_TIMEOUT_MS });
    await a.page.getByRole('button', { name: `Save as a file ${LESSON}` }).click();
    await (await saved).saveAs(file);
  });
  const fileBytes = statSync(file).size;

  const b = await device('b', web.url);
  stops.push(() => b.context.close());
  await b.page.goto('/offline');
  const section = b.page.getByRole('region', { name: 'Open a lesson file' });
  const check = await measured(b, async () => {
    await b.page.getByLabel('Choose a lesson file, or drop it here').setInputFiles(file);
    await section
      .getByRole('button', { name: 'Open it on this device' })
      .waitFor({ timeout: PHASE_TIMEOUT_MS });
  });
  const open = await measured(b, async () => {
    await section.getByRole('button', { name: 'Open it on this device' }).click();
    await section
      .getByText(`${LESSON} is on this device and works offline.`)
      .waitFor({ timeout: PHASE_TIMEOUT_MS });
  });

  const rate = (/** @type {number} */ seconds) =>
    Math.round((lessonBytes / MB / seconds) * 10) / 10;
  const result = {
    lesson: LESSON,
    lessonMB: Math.round(lessonBytes / MB),
    grownFile: basename(largest.path),
    fileMB: Math.round(fileBytes / MB),
    plainDownload: { ...plain, MBps: rate(plain.seconds) },
    saveAsFile: { ...save, MBps: rate(save.seconds), ratioToDownload: ratio(plain, save) },
    openCheck: { ...check, MBps: rate(check.seconds) },
    openStore: { ...open, MBps: rate(open.seconds), ratioToDownload: ratio(plain, open) },
    load: { start: loadAtStart.map(round), end: loadavg().map(round) },
  };
  writeFileSync('bench/results/lesson-files.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}

/**
 * How long the phase took against the plain download (below 1: faster).
 * @param {{ seconds: number }} plain @param {{ seconds: number }} phase
 */
function ratio(plain, phase) {
  return Math.round((phase.seconds / plain.seconds) * 100) / 100;
}

/** @param {number} value */
function round(value) {
  return Math.round(value * 100) / 100;
}
