import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { seededRandom } from '../scripts/seeded-random.mjs';
import type { FaultRule } from '../scripts/fault-proxy.mjs';
import type { Faults } from './support/faults';
import { expect, test } from './support/fixtures';
import { lessonBench, type ActivityWithSlides } from './support/lesson-bench';
import { walkLesson } from './support/lesson-walk';
import { storeSubscriberSession, waitForServiceWorker } from './support/session';

// A model of one downloaded lesson in Chromium: a seeded sequence of an editor's revisions,
// updates meeting faults on the wire (files cut, the CMS failing, answers lost, a slow CMS), a
// full device, a reload part-way through an update, and a delete and download again. After every
// step the invariant holds: offline, the lesson runs every slide of every activity with every
// image, audio and video, in exactly one version, the one the screen last named; online, a newer
// version is offered exactly when there is one. DOWNLOAD_MODEL_SEEDS and DOWNLOAD_MODEL_STEPS
// set the run. The default seeds between them meet a plain revision, a delete and download
// again, and every fault but the slow CMS; `npm run bench` runs long random ones, and
// DOWNLOAD_MODEL_REPORT names a file for the figures (steps, faults, violations).

const SEEDS = (process.env.DOWNLOAD_MODEL_SEEDS ?? '2,82').split(',').map(Number);
const STEPS = Number(process.env.DOWNLOAD_MODEL_STEPS ?? 4);
const UPDATE_FAULTS = [
  'none',
  'files-cut',
  'cms-502',
  'answer-lost',
  'slow-cms',
  'device-full',
  'reload',
] as const;
type UpdateFault = (typeof UPDATE_FAULTS)[number];

/** A version of the lesson as the editor published it. */
interface Version {
  title: string;
  activities: ActivityWithSlides[];
}

/** The fault each kind puts on the wire (the device's quota is set in the browser instead). */
const WIRE_FAULTS: Partial<Record<UpdateFault, FaultRule[]>> = {
  'files-cut': [{ fault: 'cut', path: '/uploads/' }],
  'cms-502': [{ fault: 'error', path: '/graphql', status: 502 }],
  'answer-lost': [{ fault: 'lose-answer', path: '/graphql' }],
  'slow-cms': [{ fault: 'delay', path: '/graphql', delayMs: 6000 }],
};

const UPDATED = 'This lesson is updated to the newest version.';
const UNCHANGED = 'Your downloaded version is unchanged.';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const report = {
  seeds: [] as number[],
  steps: 0,
  faults: {} as Record<string, number>,
  /** Each step as it went: what it did, the version the device then held, what was walked. */
  log: [] as string[],
};

// Each seed runs to the end or to its first violation (a failed expectation), whichever comes first.
let violations = 0;
// Playwright reads fixtures from the destructuring pattern; this hook needs none.
// eslint-disable-next-line no-empty-pattern
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) violations += 1;
});
test.afterAll(() => {
  const file = process.env.DOWNLOAD_MODEL_REPORT;
  if (file) writeFileSync(file, JSON.stringify({ ...report, violations }, null, 2));
  console.log(report.log.join('\n'));
});

for (const seed of SEEDS) {
  test(`download model, seed ${seed}: after every step the downloaded lesson runs offline whole, in the version the screen named`, async ({
    page,
    context,
    request,
    faults,
  }) => {
    test.setTimeout(120_000 + STEPS * 120_000);
    const random = seededRandom(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const bench = await lessonBench(request);
    // Two activities at most per version keeps every offline walk short.
    const pool = bench.activities.slice(0, 3);
    const someActivities = () => {
      const chosen = pool.filter(() => random() < 0.5).slice(0, 2);
      return chosen.length > 0 ? chosen : [pick(pool)];
    };

    const base = `Model ${seed} ${Date.now()}`;
    let published: Version = { title: base, activities: someActivities() };
    const { id, path } = await bench.create(published.title, published.activities);
    await storeSubscriberSession(page);
    await page.goto(path);
    await waitForServiceWorker(page);
    await download(page);
    /** The version the device holds; null while a reload's outcome is read from the device. */
    let stored: Version | null = published;
    let previous: Version = published;
    report.seeds.push(seed);
    await expectRunsOffline(page, context, path, stored, published);

    for (let step = 1; step <= STEPS; step += 1) {
      const kind = pick(['revise', 'update', 'update', 'update', 'redownload'] as const);
      const fault: UpdateFault = kind === 'update' ? pick(UPDATE_FAULTS) : 'none';
      const what = kind === 'update' ? `update (${fault})` : kind;
      report.steps += 1;
      report.faults[what] = (report.faults[what] ?? 0) + 1;
      report.log.push(`seed ${seed} step ${step}: ${what}`);
      await test.step(`step ${step}: ${what}`, async () => {
        // An update always has something to fetch: the editor publishes first if nothing is new.
        if (kind === 'revise' || (kind === 'update' && stored!.title === published.title)) {
          published = { title: `${base} r${step}`, activities: someActivities() };
          await bench.revise(id, published.title, published.activities);
        }
        if (kind === 'redownload') {
          await removeDownload(page, stored!.title);
          await page.goto(path);
          await download(page);
          stored = published;
        }
        if (kind === 'update') {
          previous = stored!;
          stored = await updateThrough(page, faults, path, previous, published, fault);
        }
        stored = await expectRunsOffline(page, context, path, stored, published, previous);
      });
    }
  });
}

/** 'Make available offline' on the lesson page, to the end. */
async function download(page: Page) {
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true })).toBeVisible({
    timeout: 90_000,
  });
}

async function removeDownload(page: Page, title: string) {
  await page.goto('/offline');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await row.getByRole('button', { name: /^Remove/ }).click();
  await expect(row).toHaveCount(0);
}

/**
 * 'Update now' in lesson mode under `fault`. Returns the version the device holds afterwards as
 * the screen named it, or null after a reload part-way (the device itself then says which).
 */
async function updateThrough(
  page: Page,
  faults: Faults,
  path: string,
  held: Version,
  published: Version,
  fault: UpdateFault,
): Promise<Version | null> {
  await page.goto(`${path}/slides`);
  const button = page.getByRole('button', { name: 'Update now' });
  await expect(button, 'a newer version is offered').toBeVisible({ timeout: 60_000 });
  const cdp = fault === 'device-full' ? await page.context().newCDPSession(page) : null;
  const origin = new URL(page.url()).origin;
  if (cdp) {
    const { usage } = await page.evaluate(() => navigator.storage.estimate());
    await cdp.send('Storage.overrideQuotaForOrigin', {
      origin,
      quotaSize: (usage ?? 0) + 20_000,
    });
  }
  await faults.set(WIRE_FAULTS[fault] ?? []);
  try {
    await button.click();
    if (fault === 'reload') {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      return null;
    }
    const status = page
      .getByRole('status')
      .filter({ hasText: new RegExp(`${escaped(UPDATED)}|${escaped(UNCHANGED)}`) });
    await expect(status).toBeVisible({ timeout: 120_000 });
    const said = (await status.textContent()) ?? '';
    if (fault === 'none' || fault === 'slow-cms')
      expect(said, 'an update with nothing in its way finishes').toContain(UPDATED);
    if (fault === 'device-full' && said.includes(UNCHANGED))
      expect(said, 'a full device is said as a full device').toMatch(/This device is full/);
    return said.includes(UPDATED) ? published : held;
  } finally {
    await faults.clear();
    if (cdp) {
      await cdp.send('Storage.overrideQuotaForOrigin', { origin });
      await cdp.detach();
    }
  }
}

/**
 * The invariant. Offline: lesson mode shows exactly one version, `stored` (or, when the screen
 * could not say, one of `previous` and `published`), and runs every slide of each of its
 * activities with every image, audio and video from the device; the storage page lists it as
 * available offline. Online: a newer version is offered exactly when there is one. Returns the
 * version the device holds.
 */
async function expectRunsOffline(
  page: Page,
  context: BrowserContext,
  path: string,
  stored: Version | null,
  published: Version,
  previous: Version = published,
): Promise<Version> {
  await context.setOffline(true);
  let held: Version;
  try {
    await page.goto(`${path}/slides`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    if (stored) {
      await expect(heading).toHaveText(stored.title);
      held = stored;
    } else {
      const shown = (await heading.textContent()) ?? '';
      const match = [previous, published].find((version) => version.title === shown);
      expect(match, `offline, lesson mode shows "${shown}": neither version`).toBeTruthy();
      held = match!;
    }
    await page.getByRole('link', { name: 'Get started' }).click();
    const walked = await walkLesson(page);
    report.log.push(
      `offline: "${held.title}", ${walked.slides} slides in ${walked.activities.length} activities`,
    );
    expect(walked.activities, 'every activity of the version, in order').toEqual(
      held.activities.map((activity) => activity.title),
    );
    await page.goto('/offline');
    await expect(
      page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: held.title, exact: true }) }),
    ).toContainText('Available offline');
  } finally {
    await context.setOffline(false);
  }
  // Online, lesson mode offers the newer version exactly when there is one (once its check has
  // answered: the network is idle).
  await page.goto(`${path}/slides`);
  const offer = page.getByRole('button', { name: 'Update now' });
  if (held.title !== published.title) await expect(offer).toBeVisible({ timeout: 60_000 });
  else {
    await expect(page.getByRole('heading', { level: 1, name: held.title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(offer).toHaveCount(0);
  }
  return held;
}
