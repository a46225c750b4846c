import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO, expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { logInThroughPanel, openLoginPanel } from './support/session';

async function openLesson(page: Page, title: string) {
  await page.goto('/primary/sound-explorers');
  await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Every image on the slide has really loaded, and every audio element can play. */
async function expectSlideMediaLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < innerHeight).every((image) => image.complete && image.naturalWidth > 0)),
    )
    .toBe(true);
  const audio = page.locator('audio');
  for (let i = 0; i < (await audio.count()); i += 1) {
    await audio.nth(i).evaluate((element: HTMLAudioElement) => {
      element.preload = 'auto';
      element.load();
    });
    await expect.poll(() => audio.nth(i).evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  }
}

test.describe('making lessons available offline', () => {
  test('a downloaded lesson runs in lesson mode with no network, and removing it frees it', async ({ page, context }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await openLoginPanel(page);
    await logInThroughPanel(page, DEMO.subscriber.email, DEMO.subscriber.password);
    const lessonPath = await openLesson(page, 'Lesson 1: Hello, music');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'a downloaded lesson');

    await page.goto('/offline');
    const row = page.getByRole('row').filter({ hasText: 'Lesson 1: Hello, music' });
    await expect(row).toContainText('Available offline');
    await expect(row).toContainText(/\d+\.\d MB/);
    await expectNoAxeViolations(page, 'the storage page');
    await screenshotBothSizes(page, 'offline-storage');

    await context.setOffline(true);
    await page.goto(lessonPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Lesson 1: Hello, music' })).toBeVisible();
    await page.getByRole('link', { name: 'Start Lesson' }).click();
    await page.getByRole('link', { name: 'Get started' }).click();
    // Step through every slide of every activity with the keyboard, checking each one's media.
    for (let guard = 0; guard < 60; guard += 1) {
      await expect(page.locator('.slide-controls__counter')).toBeVisible();
      await expectSlideMediaLoaded(page);
      const counter = (await page.locator('.slide-controls__counter').textContent()) ?? '';
      const [current, total] = (counter.match(/(\d+) of (\d+)/) ?? []).slice(1).map(Number);
      if (current !== undefined && total !== undefined && current < total) {
        await page.keyboard.press('ArrowRight');
        await expect(page.locator('.slide-controls__counter')).not.toHaveText(counter);
        continue;
      }
      const nextActivity = page.getByRole('link', { name: /^Next/ }).or(page.getByRole('button', { name: /^Next$/ }));
      if ((await nextActivity.count()) === 0) break;
      await nextActivity.first().click();
    }

    await context.setOffline(false);
    await page.goto('/offline');
    await page.getByRole('button', { name: /^Remove Lesson 1: Hello, music/ }).click();
    await expect(page.getByText('Nothing is downloaded yet.', { exact: false })).toBeVisible();
    await context.setOffline(true);
    await page.goto(`${lessonPath}/slides`);
    await expect(page.getByText(/offline|could not be reached|internet/i).first()).toBeVisible();
    await context.setOffline(false);
  });

  test('a download interrupted by a lost connection resumes without fetching finished files again', async ({ page, context }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await openLoginPanel(page);
    await logInThroughPanel(page, DEMO.subscriber.email, DEMO.subscriber.password);
    await openLesson(page, 'Lesson 2: Pulse everywhere');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const fetched: string[] = [];
    let cut = false;
    await context.route('**/uploads/**', async (route) => {
      if (route.request().headers()['x-media-download'] !== '1') return route.fallback();
      if (cut) return route.abort('internetdisconnected');
      fetched.push(new URL(route.request().url()).pathname);
      if (fetched.length === 3) cut = true;
      return route.fallback();
    });
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByRole('button', { name: 'Resume download' })).toBeVisible({ timeout: 60_000 });
    const before = [...fetched];
    expect(before.length).toBeGreaterThanOrEqual(3);

    cut = false;
    await page.getByRole('button', { name: 'Resume download' }).click();
    await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    const after = fetched.slice(before.length);
    // Files finished before the cut were not fetched again.
    const finished = before.slice(0, 3);
    expect(after.filter((url) => finished.includes(url))).toEqual([]);
    expect(new Set(after).size).toBe(after.length);
  });
});
