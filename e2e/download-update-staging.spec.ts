import { expect, test } from './support/fixtures';
import { lessonBench } from './support/lesson-bench';
import { stepThroughEverySlide } from './support/lesson-walk';
import { storeSubscriberSession, waitForServiceWorker } from './support/session';

// A downloaded lesson that worked offline keeps working: an update is stored beside it and
// switched in whole, so when the connection dies while the new version's files are fetched, the
// downloaded version stays, complete, and lesson mode runs it offline.

test('an update whose new files fail leaves the downloaded version whole: offline, lesson mode runs the old one, every slide with its media', async ({
  page,
  context,
  request,
  faults,
}) => {
  test.setTimeout(300_000);
  const bench = await lessonBench(request);
  const [first, added] = bench.activities;
  const title = `Update cut ${Date.now()}`;
  const { id: lessonId, path } = await bench.create(title, [first!]);

  await storeSubscriberSession(page);
  await page.goto(path);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true })).toBeVisible({
    timeout: 60_000,
  });

  // The editor revises the lesson; the Wi-Fi dies while the update fetches the new files.
  await bench.revise(lessonId, `${title} (revised)`, [first!, added!]);
  await page.goto(`${path}/slides`);
  await expect(page.getByRole('button', { name: 'Update now' })).toBeVisible({ timeout: 60_000 });
  await faults.set([{ fault: 'cut', path: '/uploads/' }]);
  await page.getByRole('button', { name: 'Update now' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your downloaded version is unchanged.' }),
  ).toBeVisible({ timeout: 60_000 });
  expect((await faults.hits())[0], 'the new files were asked for, and cut').toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();

  // Offline after a reload: the old version, whole, every slide with its media.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByText(added!.title, { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Get started' }).click();
  expect(await stepThroughEverySlide(page)).toBeGreaterThan(0);
  await page.goto('/offline');
  await expect(
    page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) }),
  ).toContainText('Available offline');
  await context.setOffline(false);
});
