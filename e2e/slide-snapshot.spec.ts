import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  appMarkup,
  painted,
  recordSnapshot,
  snapshotAddresses,
  start,
} from './support/snapshot-markup';
import { logInAsSubscriber, logOut, waitForServiceWorker } from './support/session';
import { SNAPSHOT_COVER_CHECKED_MARK } from '../src/lib/session/snapshot-cover-check';

// A downloaded lesson's first slide is painted from HTML the device holds, before the app has run
// (src/lib/offline/slide-snapshot.ts, sw/snapshots.ts). What is painted must be what the app
// then shows, only to the teacher whose download it is, and it goes with the download.

const LESSON = 'Lesson 4: Samba carnival';
const SNAPSHOTS = 'slide-snapshots-v1';

async function downloadedFirstSlide(page: Page): Promise<string> {
  await page.goto('/primary/rhythm-makers');
  await page.getByRole('link', { name: /^View unit of work\s?: Pulse and rhythm$/ }).click();
  await page.getByRole('link', { name: LESSON }).click();
  await expect(page.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({
    timeout: 120_000,
  });
  await page.getByRole('link', { name: 'Start Lesson' }).click();
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(page.locator('.slide-controls__counter')).toHaveText(/^Slide 1 of \d+$/);
  return new URL(page.url()).pathname;
}

test.describe('a downloaded lesson first slide painted before the app runs', () => {
  test('offline, the first slide is painted from the device, is what the app then shows, and leaves with the teacher', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await logInAsSubscriber(page);
    const firstSlide = await downloadedFirstSlide(page);
    // Shown for a moment, the first slide is kept.
    await expect
      .poll(() => snapshotAddresses(page, SNAPSHOTS), { timeout: 10_000 })
      .toEqual([firstSlide]);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();

    await context.addInitScript(recordSnapshot);
    await context.setOffline(true);
    const tab = await start(context, firstSlide);
    await expect(tab.getByRole('heading', { level: 1, name: heading ?? '' })).toBeVisible();
    const snapshot = await painted(tab);
    expect(snapshot).not.toBeNull();
    expect(snapshot!.inert).toBe(true);
    expect(snapshot!.shown).toBe(true);
    // Gone once the app drew its own slide, which is the same markup.
    await expect(tab.locator('.snapshot-cover')).toHaveCount(0);
    expect(await appMarkup(tab)).toBe(snapshot!.markup);
    await expect(tab).toHaveTitle(await page.title());
    // The app's slide takes keys and focus as ever.
    await tab.keyboard.press('ArrowRight');
    await expect(tab.locator('.slide-controls__counter')).toHaveText(/^Slide 2 of \d+$/);
    await expectNoAxeViolations(tab, 'the first slide after its snapshot');
    await tab.close();

    // At another window size the snapshot's layout would not be the app's: it is not shown.
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 700, height: 500 });
    await narrow.goto(firstSlide);
    await expect(narrow.locator('.slide-controls__counter')).toHaveText(/^Slide 1 of \d+$/);
    expect(
      await narrow.evaluate(
        () => (window as { __snapshot?: { shown: boolean } | null }).__snapshot?.shown,
      ),
    ).toBe(false);
    await narrow.close();

    // A tab presenting the lesson shows the presenter's view: the teacher's own slide is taken
    // out before anything is painted.
    const presenting = await context.newPage();
    await presenting.addInitScript(() => {
      sessionStorage.setItem('lesson-mode-presenting', '1');
      document.addEventListener('DOMContentLoaded', () => {
        (window as { __leftAtReady?: boolean }).__leftAtReady =
          document.querySelector('.snapshot-cover') !== null;
      });
    });
    await presenting.goto(firstSlide);
    await expect(presenting.getByRole('heading', { level: 1, name: heading ?? '' })).toBeVisible();
    const presenterStart = await presenting.evaluate(
      (checked) => ({
        painted: (window as { __served?: boolean }).__served === true,
        leftAtReady: (window as { __leftAtReady?: boolean }).__leftAtReady,
        removedAt: performance.getEntriesByName(checked)[0]?.startTime ?? Infinity,
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? 0,
      }),
      SNAPSHOT_COVER_CHECKED_MARK,
    );
    expect(presenterStart.painted).toBe(true);
    expect(presenterStart.leftAtReady).toBe(false);
    expect(presenterStart.removedAt).toBeLessThanOrEqual(presenterStart.firstPaint);
    await presenting.close();

    // Log Out: the snapshot goes with the teacher's downloads; the next start paints nothing.
    await context.setOffline(false);
    await page.goto('/');
    await logOut(page);
    await expect.poll(() => snapshotAddresses(page, SNAPSHOTS)).toEqual([]);
    await context.setOffline(true);
    const next = await start(context, firstSlide);
    await expect(next.getByText('You need to be logged in to access this content.')).toBeVisible();
    expect(await next.evaluate(() => (window as { __snapshot?: unknown }).__snapshot)).toBeNull();
  });

  test('removing the download, or any change to downloaded answers, forgets the snapshot', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await logInAsSubscriber(page);
    const firstSlide = await downloadedFirstSlide(page);
    await expect
      .poll(() => snapshotAddresses(page, SNAPSHOTS), { timeout: 10_000 })
      .toEqual([firstSlide]);
    await page.goto('/offline');
    await page.getByRole('button', { name: `Remove ${LESSON}` }).click();
    await expect(page.getByRole('row').filter({ hasText: LESSON })).toHaveCount(0);
    await expect.poll(() => snapshotAddresses(page, SNAPSHOTS)).toEqual([]);
    // Not downloaded, the first slide is not kept.
    await page.goto(firstSlide);
    await expect(page.locator('.slide-controls__counter')).toHaveText(/^Slide 1 of \d+$/);
    await page.waitForTimeout(1_500);
    expect(await snapshotAddresses(page, SNAPSHOTS)).toEqual([]);
  });
});
