import type { APIRequestContext } from '@playwright/test';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { expect, test, DEMO } from './support/fixtures';
import { waitForServiceWorker } from './support/session';

// The CMS admin's preview pane frames the app's preview page. The e2e CMS serves no admin build,
// so a page on the CMS's own origin stands in for the admin panel and frames the real preview link
// the CMS gives (of the published lesson: nothing is saved here). The app's worker is running
// first, as for an editor who also uses the app: the pane must come from the server, whose headers
// let the CMS frame it, not from the precached shell.

const LESSON = 'Lesson 2: Loud and quiet';

function cmsUrl(path: string): string {
  const base = process.env.E2E_CMS_URL;
  if (!base) throw new Error('E2E_CMS_URL is not set: run the suite with `npx playwright test`.');
  return new URL(path, base).toString();
}

async function previewLink(request: APIRequestContext): Promise<string> {
  const token = await apiLogIn(request, DEMO.subscriber.email);
  const found = await cmsQuery<{ lessons: { documentId: string }[] }>(
    request,
    token,
    'query PreviewPaneLesson($title: String!) { lessons(filters: { title: { eq: $title } }) { documentId } }',
    { title: LESSON },
  );
  const id = found.lessons[0]?.documentId;
  expect(id, LESSON).toBeTruthy();
  const login = await request.post(cmsUrl('/admin/login'), {
    data: { email: 'admin@demo.school', password: 'Admin12345' },
  });
  expect(login.ok()).toBe(true);
  const admin = ((await login.json()) as { data: { token: string } }).data.token;
  const answer = await request.get(
    cmsUrl(`/content-manager/preview/url/api::lesson.lesson?documentId=${id}&status=published`),
    {
      headers: { Authorization: `Bearer ${admin}` },
    },
  );
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { url: string } }).data.url;
}

test("the CMS admin's preview pane shows the app's preview page", async ({
  page,
  request,
  baseURL,
}) => {
  const link = new URL(await previewLink(request));
  const framed = new URL(`${link.pathname}${link.search}`, baseURL).toString();
  await page.goto('/');
  await waitForServiceWorker(page);

  const pane = cmsUrl('/e2e-preview-pane');
  await page.route(pane, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Content Manager</title><iframe title="Preview" src="${framed}" width="1200" height="800"></iframe>`,
    }),
  );
  await page.goto(pane);
  const frame = page.frameLocator('iframe[title="Preview"]');
  await expect(frame.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  // The app's real lesson page, marked as the version teachers see now.
  await expect(frame.getByRole('note', { name: 'Preview' })).toContainText('Published version.');
  await expect(frame.getByRole('heading', { level: 2, name: 'Activities' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/preview-pane.png' });
});
