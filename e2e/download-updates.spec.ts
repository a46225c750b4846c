import { expect, test } from './support/fixtures';
import { slideCounter } from './support/roles';
import { lessonBench } from './support/lesson-bench';
import { screenshotBothSizes } from './support/screenshots';
import { storeSubscriberSession, waitForServiceWorker } from './support/session';

// Downloaded lessons learn about updates: an editor changes a lesson a teacher has downloaded;
// online, lesson mode offers 'Update now' (and never changes by itself), the lesson page updates
// by itself, and afterwards the new version's activity runs offline.

test('a downloaded lesson shows a newer version, updates with what it adds, and runs it offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const bench = await lessonBench(request);
  const [first, added] = bench.activities;
  const title = `Update check ${Date.now()}`;
  const { id: lessonId, path } = await bench.create(title, [first!]);

  await storeSubscriberSession(page);
  await page.goto(path);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true })).toBeVisible({
    timeout: 60_000,
  });

  // The editor renames the lesson and attaches a second activity.
  const revised = `${title} (revised)`;
  await bench.revise(lessonId, revised, [first!, added!]);

  // Lesson mode offers the newer version and shows the stored one until the teacher says so.
  await page.goto(`${path}/slides`);
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'A newer version of this lesson is available.' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: added!.title })).toHaveCount(0);
  await screenshotBothSizes(page, 'lesson-mode-newer-version');
  await page.getByRole('button', { name: 'Update now' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'This lesson is updated to the newest version.' }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: revised })).toBeVisible();
  await expect(page.getByRole('heading', { name: added!.title })).toBeVisible();

  // Outside lesson mode the page updates by itself, and the overview and lesson mode agree.
  const final = `${title} (final)`;
  await bench.revise(lessonId, final, [first!, added!]);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: final })).toBeVisible({
    timeout: 60_000,
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'This lesson is updated to the newest version.' }),
  ).toBeVisible();
  await screenshotBothSizes(page, 'lesson-page-updated');

  await page.goto('/offline');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: final }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).not.toHaveText('0.0 MB');
  await expect(row).toContainText('Available offline');

  // Offline: the activity the new version added runs from what the update stored.
  await context.setOffline(true);
  await page.goto(`${path}/slides`);
  await expect(page.getByRole('heading', { level: 1, name: final })).toBeVisible();
  await page.goto(`${path}/activity/${added!.documentId}/slides`);
  // A single activity's route opens on its first slide, with the activity's title in the bar.
  await expect(page.getByText(added!.title, { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toBeVisible();
  await expect(slideCounter(page)).toHaveText(/1 of \d+/);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: final })).toBeVisible();
  await context.setOffline(false);
});
