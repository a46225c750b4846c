import type { APIRequestContext, Page } from '@playwright/test';
import { cmsQuery, apiLogIn } from './support/cms-api';
import { expect, test, DEMO } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { storeSubscriberSession, waitForServiceWorker } from './support/session';

// An editor saves a draft of a published lesson and opens the admin's preview link; the app shows
// the draft there, teachers' lesson page keeps the published version, and the worker keeps no copy
// of the draft. Only a draft is saved here: the shared CMS's published content stays as seeded for
// the other specs.

const UNIT = 'Drumming circles';
const LESSON = 'Lesson 2: Loud and quiet';
const DRAFT_TITLE = 'Next term: Loud, quiet and in between';

/** The CMS itself (the web server proxies no admin routes): the content manager's own calls. */
function cmsUrl(path: string): string {
  const base = process.env.E2E_CMS_URL;
  if (!base) throw new Error('E2E_CMS_URL is not set: run the suite with `npx playwright test`.');
  return new URL(path, base).toString();
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post(cmsUrl('/admin/login'), {
    data: { email: 'admin@demo.school', password: 'Admin12345' },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function lessonId(request: APIRequestContext): Promise<string> {
  const token = await apiLogIn(request, DEMO.subscriber.email);
  const found = await cmsQuery<{ schemes: { lessons: { documentId: string; title: string }[] }[] }>(
    request,
    token,
    'query PreviewSpecUnit($title: String!) { schemes(filters: { title: { eq: $title } }) { lessons { documentId title } } }',
    { title: UNIT },
  );
  const lesson = found.schemes[0]?.lessons.find((entry) => entry.title === LESSON);
  expect(lesson, `${LESSON} in ${UNIT}`).toBeTruthy();
  return lesson!.documentId;
}

async function openLessonPage(page: Page) {
  await page.goto('/primary/rhythm-makers');
  await page.getByRole('link', { name: new RegExp(`^View unit of work\\s?: ${UNIT}$`) }).click();
  await page.getByRole('link', { name: LESSON }).click();
}

test('an editor sees a draft lesson on the preview link, teachers keep the published one', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const id = await lessonId(request);
  const headers = { Authorization: `Bearer ${admin}` };
  // Save (not publish), as the content manager does.
  const saved = await request.put(
    cmsUrl(`/content-manager/collection-types/api::lesson.lesson/${id}`),
    {
      headers,
      data: { title: DRAFT_TITLE },
    },
  );
  expect(saved.ok(), await saved.text()).toBe(true);
  const answer = await request.get(
    cmsUrl(`/content-manager/preview/url/api::lesson.lesson?documentId=${id}&status=draft`),
    { headers },
  );
  expect(answer.ok()).toBe(true);
  const link = new URL(((await answer.json()) as { data: { url: string } }).data.url);

  // The link opens on the app (its origin is the CMS's APP_URL; here the test's own server).
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: DRAFT_TITLE })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Preview' })).toContainText(
    'Draft preview. Teachers do not see this version until it is published.',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Activities' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`Preview: ${DRAFT_TITLE}`));
  await screenshotBothSizes(page, 'draft-preview');

  // Through the worker too: it answers the page, and keeps no copy of the draft.
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: DRAFT_TITLE })).toBeVisible();
  const cached = await page.evaluate(async () => {
    const cache = await caches.open('graphql-v1');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(cached.some((path) => path.includes('DraftPreview'))).toBe(false);

  // A forged or damaged link opens nothing.
  await page.goto(`${link.pathname}?token=${link.searchParams.get('token')!.slice(0, -2)}xx`);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This preview link is not valid. Open the preview again from the CMS.' }),
  ).toBeVisible();

  // The teacher's lesson page: the published title, never the draft.
  await storeSubscriberSession(page);
  await openLessonPage(page);
  await expect(page.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
});
