import { apiLogIn, cmsQuery } from './support/cms-api';
import { signInAsEditor } from './support/cms-editor';
import { DEMO, expect, test } from './support/fixtures';
import { stepThroughEverySlide } from './support/lesson-walk';
import { storeSubscriberSession, waitForServiceWorker } from './support/session';

// A downloaded lesson that worked offline keeps working: an update is stored beside it and
// switched in whole, so when the connection dies while the new version's files are fetched, the
// downloaded version stays, complete, and lesson mode runs it offline.

const LESSON = 'api::lesson.lesson';

interface ActivityWithSlides {
  documentId: string;
  title: string;
  activity_slideshow: { documentId: string } | null;
}

test('an update whose new files fail leaves the downloaded version whole: offline, lesson mode runs the old one, every slide with its media', async ({
  page,
  context,
  request,
  faults,
}) => {
  test.setTimeout(300_000);
  const token = await apiLogIn(request, DEMO.subscriber.email, DEMO.subscriber.password);
  const { activityPages } = await cmsQuery<{ activityPages: ActivityWithSlides[] }>(
    request,
    token,
    'query ActivitiesWithSlides { activityPages(pagination: { limit: 100 }, sort: "title:asc") { documentId title activity_slideshow { documentId } } }',
  );
  const [first, added] = activityPages.filter((activity) => activity.activity_slideshow);
  const { schemes } = await cmsQuery<{ schemes: { documentId: string }[] }>(
    request,
    token,
    'query Unit { schemes(filters: { title: { eq: "Listening and moving" } }) { documentId } }',
  );
  const entry = (activity: ActivityWithSlides) => ({
    section_divider: false,
    activity: { connect: [{ documentId: activity.documentId }] },
  });
  const editor = await signInAsEditor(request);
  const title = `Update cut ${Date.now()}`;
  const lessonId = await editor.create(LESSON, { title, activity: [entry(first!)] });
  const path = `/primary/sound-explorers/unit/${schemes[0]!.documentId}/lesson/${lessonId}`;

  await storeSubscriberSession(page);
  await page.goto(path);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true })).toBeVisible({
    timeout: 60_000,
  });

  // The editor revises the lesson; the Wi-Fi dies while the update fetches the new files.
  await editor.update(LESSON, lessonId, {
    title: `${title} (revised)`,
    activity: [entry(first!), entry(added!)],
  });
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
