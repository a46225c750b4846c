// What the browser benchmarks share: a throwaway seeded CMS behind the web server, the build with
// probe pages, the demo subscriber, signing in through the app's own login panel (and a browser
// signed in that way, under the service worker), asking the CMS for the seeded content's ids
// (they differ on every fresh seed), a lesson found by following links, and a fixed CPU load
// the bench starts itself.

import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { freePort, startCms } from '../scripts/cms-process.mjs';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { startWebServer } from '../server/web-server.mjs';

const ACCOUNT = { identifier: 'subscriber@demo.school', password: 'music1234' };

/** @param {number[]} values */
export const median = (values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * A throwaway CMS seeded in `dataDir` (its log there too) and the web server serving `distDir`
 * in front of it; each one's stop is pushed onto `stops`, for the caller's finally.
 * @param {{ dataDir: string, distDir: string }} options @param {Array<() => Promise<unknown>>} stops
 */
export async function startStack({ dataDir, distDir }, stops) {
  const cms = await startCms({
    port: await freePort(),
    dataDir,
    admin: false,
    log: join(dataDir, 'cms.log'),
  });
  stops.push(() => cms.stop());
  const web = await startWebServer({ distDir, cmsUrl: cms.url });
  stops.push(() => web.stop());
  return { cms, web };
}

/**
 * Builds the app into `distDir` with the probe pages of bench/probes/ beside it (BENCH_PROBES=1,
 * vite.config.ts), never into dist/. @param {string} distDir
 */
export function buildWithProbes(distDir) {
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
    { stdio: 'inherit', env: { ...process.env, BENCH_PROBES: '1' } },
  );
  if (build.status !== 0) throw new Error(`the probe build failed (exit ${build.status})`);
}

/**
 * From a programme page to a lesson's overview by the links a teacher follows: the first unit,
 * then its first lesson. Leaves `page` on the unit's page.
 * @param {import('@playwright/test').Page} page @param {string} programme the programme's path
 * @returns {Promise<{ unit: string, lesson: string }>}
 */
export async function firstLessonByLinks(page, programme) {
  await page.goto(programme);
  await page.locator('main a[href*="/unit/"]').first().waitFor();
  const unit = await page.locator('main a[href*="/unit/"]').first().getAttribute('href');
  if (!unit) throw new Error('the programme page has no unit link');
  await page.goto(unit);
  await page.locator('main a[href*="/lesson/"]').first().waitFor();
  const lessons = await page
    .locator('main a[href*="/lesson/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const lesson = lessons.find((href) => /\/lesson\/[^/]+$/.test(href));
  if (!lesson) throw new Error('the unit page has no lesson link');
  return { unit, lesson };
}

/** How many busy loops the timing benchmarks run beside: BENCH_BUSY_LOOPS, 2 unless set (0: none). */
export const BUSY_LOOPS = Number(process.env.BENCH_BUSY_LOOPS ?? 2);

/**
 * Runs `fn` beside `count` busy-loop processes (one core each) this process starts and always
 * stops, so a figure taken "at load N" is reproducible: the load is the bench's own, not whatever
 * else the machine does. Returns fn's result with the load average (1, 5, 15 minutes) when the
 * loops started, every 10 s while fn ran, and at its end. count 0 runs fn alone.
 * @template T @param {number} count @param {() => Promise<T>} fn
 * @returns {Promise<{ result: T, busy_loops: number, load: { start: number[], end: number[], samples: number[][] } }>}
 */
export async function withBusyLoad(count, fn) {
  const loops = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  // Should this process end without reaching the finally (an exit in fn), the loops end with it.
  const stop = () => loops.forEach((loop) => loop.kill('SIGKILL'));
  process.once('exit', stop);
  /** @param {number[]} values */
  const rounded = (values) => values.map((value) => Math.round(value * 100) / 100);
  const start = rounded(loadavg());
  /** @type {number[][]} */
  const samples = [];
  const sampler = setInterval(() => samples.push(rounded(loadavg())), 10_000);
  try {
    const result = await fn();
    return { result, busy_loops: count, load: { start, end: rounded(loadavg()), samples } };
  } finally {
    clearInterval(sampler);
    stop();
    process.off('exit', stop);
  }
}

/**
 * One GraphQL query as the demo subscriber, straight to the CMS (through the web server).
 * @param {string} baseUrl @param {string} query @returns {Promise<any>}
 */
export async function subscriberQuery(baseUrl, query) {
  const login = await fetch(`${baseUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNT),
  });
  const { jwt } = /** @type {{ jwt: string }} */ (await login.json());
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ query }),
  });
  const answer = /** @type {{ data?: any, errors?: { message: string }[] }} */ (
    await response.json()
  );
  if (!answer.data)
    throw new Error(`benchmark query failed: ${answer.errors?.[0]?.message ?? response.status}`);
  return answer.data;
}

/** Signs in through the login panel, as a teacher would. @param {import('@playwright/test').Page} page */
export async function signInThroughPanel(page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Log In' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Log in to/ });
  await dialog.getByLabel('Email address').fill(ACCOUNT.identifier);
  await dialog.getByLabel('Password').fill(ACCOUNT.password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Chromium with one context on `baseURL`, signed in as the demo subscriber through the app, with
 * the service worker in control: where the offline benchmarks start. The caller closes `browser`.
 * @param {string} baseURL
 */
export async function signedInUnderWorker(baseURL) {
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await signInThroughPanel(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    return { browser, context, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
