import { scratchDir } from '../scripts/scratch.mjs';
import { appendFileSync, cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startWebServer } from '../server/web-server.mjs';
import { expect, test } from './support/fixtures';

// A new build deployed while the app is open: the waiting worker is announced with 'Update
// available', and the app reloads into it only when the teacher asks. Lesson mode never shows
// the banner (a reload there would lose the class's place). This test serves its own copy of the
// build, so it can "deploy" a new worker without disturbing the other tests.
test('a new build shows Update available and reloads into it on request, never in lesson mode', async ({
  browser,
}) => {
  const distDir = scratchDir('music-classroom-update-');
  cpSync(process.env.E2E_DIST_DIR ?? 'dist', distDir, { recursive: true });
  const web = await startWebServer({ distDir, cmsUrl: process.env.E2E_CMS_URL ?? '' });
  const context = await browser.newContext({ baseURL: web.url });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Explore Primary', exact: true })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    const lesson = await context.newPage();
    await lesson.goto('/playlists/not-a-playlist/slides');
    const lessonUrl = lesson.url();

    // "Deploy": any byte change to the worker is a new version for the browser.
    appendFileSync(join(distDir, 'sw.js'), `\n// deployed ${Date.now()}\n`);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const banner = page.getByRole('status').filter({ hasText: 'Update available' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(lesson.getByText('Update available')).toHaveCount(0);

    const waitingBefore = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null,
    );
    expect(waitingBefore).toBe(true);
    await Promise.all([
      page.waitForEvent('load'),
      banner.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await expect(page.getByRole('link', { name: 'Explore Primary', exact: true })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
        ),
      )
      .toBeNull();
    await expect(page.getByText('Update available')).toHaveCount(0);
    // The lesson tab was not reloaded by anyone but the new worker taking control quietly.
    expect(lesson.url()).toBe(lessonUrl);
  } finally {
    await context.close();
    await web.stop();
    rmSync(distDir, { recursive: true, force: true });
  }
});
