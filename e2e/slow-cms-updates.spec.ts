import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { signInAsEditor } from './support/cms-editor';
import { DEMO, expect, test } from './support/fixtures';
import { storeSubscriberSession, waitForServiceWorker } from './support/session';

// A downloaded lesson learns of its newer version on a slow CMS too: lesson mode's check goes to
// the CMS itself (never the worker's cached answer), so a slow CMS delays the news and never turns
// it into "current"; a check the CMS was too slow to answer at all is asked again while the lesson
// is open. The delays are on the wire between the web server and the CMS (the fault proxy).

const LESSON = 'api::lesson.lesson';

interface ActivityWithSlides {
  documentId: string;
  title: string;
  activity_slideshow: { documentId: string } | null;
}

/** A lesson the subscriber downloaded, then an editor revised: lesson mode's path and old title. */
async function downloadThenRevise(page: Page, request: APIRequestContext) {
  const token = await apiLogIn(request, DEMO.subscriber.email, DEMO.subscriber.password);
  const { activityPages } = await cmsQuery<{ activityPages: ActivityWithSlides[] }>(
    request,
    token,
    'query ActivitiesWithSlides { activityPages(pagination: { limit: 100 }, sort: "title:asc") { documentId title activity_slideshow { documentId } } }',
  );
  const [first] = activityPages.filter((activity) => activity.activity_slideshow);
  const { schemes } = await cmsQuery<{ schemes: { documentId: string }[] }>(
    request,
    token,
    'query Unit { schemes(filters: { title: { eq: "Listening and moving" } }) { documentId } }',
  );
  const editor = await signInAsEditor(request);
  const title = `Slow update check ${Date.now()}`;
  const activity = [
    { section_divider: false, activity: { connect: [{ documentId: first!.documentId }] } },
  ];
  const lessonId = await editor.create(LESSON, { title, activity });
  const path = `/primary/sound-explorers/unit/${schemes[0]!.documentId}/lesson/${lessonId}`;

  await storeSubscriberSession(page);
  await page.goto(path);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await editor.update(LESSON, lessonId, { title: `${title} (revised)`, activity });
  return { slides: `${path}/slides`, title };
}

const NEWER = 'A newer version of this lesson is available.';

test('with a slow CMS lesson mode still learns of a newer version: a slow check is late, never "current"', async ({
  page,
  request,
  faults,
}) => {
  test.setTimeout(180_000);
  const lesson = await downloadThenRevise(page, request);
  // Every GraphQL request now takes 6 s on the wire to the CMS, as on bad school Wi-Fi.
  await faults.set([{ fault: 'delay', path: '/graphql', delayMs: 6000 }]);

  await page.goto(lesson.slides);
  await expect(
    page.getByRole('heading', { level: 1, name: lesson.title, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: NEWER })).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByRole('button', { name: 'Update now' })).toBeVisible();
});

test('a check the CMS was too slow to answer is asked again, and the update offered once it answers', async ({
  page,
  request,
  faults,
}) => {
  test.setTimeout(180_000);
  const lesson = await downloadThenRevise(page, request);
  // Slower than the page waits for an answer (20 s): the first check times out.
  await faults.set([{ fault: 'delay', path: '/graphql', delayMs: 30_000 }]);

  await page.goto(lesson.slides);
  await expect(
    page.getByRole('heading', { level: 1, name: lesson.title, exact: true }),
  ).toBeVisible();
  await page.waitForTimeout(25_000);
  await expect(page.getByRole('status').filter({ hasText: NEWER })).toHaveCount(0);
  // The connection recovers while the lesson is open.
  await faults.clear();
  await expect(page.getByRole('status').filter({ hasText: NEWER })).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByRole('button', { name: 'Update now' })).toBeVisible();
});
