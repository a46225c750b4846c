import type { APIRequestContext, Page } from '@playwright/test';
import { cmsQuery, apiLogIn } from './support/cms-api';
import { expect, test, DEMO } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { storeSubscriberSession, waitForServiceWorker } from './support/session';

// An editor saves drafts and opens the admin's preview links: the app shows its real pages with
// the drafts (the lesson page, and a slideshow in lesson mode) under a Draft marker, teachers'
// pages keep the published versions, and the device keeps nothing of the preview. Only drafts are
// saved here: the shared CMS's published content stays as seeded for the other specs.

const UNIT = 'Drumming circles';
const LESSON = 'Lesson 2: Loud and quiet';
const DRAFT_TITLE = 'Next term: Loud, quiet and in between';
const DRAFT_INTRODUCTION = 'A draft introduction: start with a whisper.';
const DRAFT_SLIDESHOW = 'Next term: the slides';
const DRAFT_MARKER = 'Draft preview — teachers do not see this';

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

interface SeededLesson {
  documentId: string;
  slideshow: { documentId: string; title: string; slides: number };
}

async function seededLesson(request: APIRequestContext): Promise<SeededLesson> {
  const token = await apiLogIn(request, DEMO.subscriber.email);
  const found = await cmsQuery<{
    schemes: {
      lessons: {
        documentId: string;
        title: string;
        activity: {
          activity: {
            activity_slideshow: {
              documentId: string;
              title: string;
              activity_slides: unknown[];
            } | null;
          } | null;
        }[];
      }[];
    }[];
  }>(
    request,
    token,
    `query PreviewSpecUnit($title: String!) {
      schemes(filters: { title: { eq: $title } }) {
        lessons {
          documentId
          title
          activity { activity { activity_slideshow { documentId title activity_slides { __typename } } } }
        }
      }
    }`,
    { title: UNIT },
  );
  const lesson = found.schemes[0]?.lessons.find((entry) => entry.title === LESSON);
  expect(lesson, `${LESSON} in ${UNIT}`).toBeTruthy();
  const slideshow = lesson!.activity
    .map((entry) => entry.activity?.activity_slideshow)
    .find((entry) => (entry?.activity_slides.length ?? 0) > 1)!;
  expect(slideshow, `a slideshow of two slides or more in ${LESSON}`).toBeTruthy();
  return {
    documentId: lesson!.documentId,
    slideshow: {
      documentId: slideshow.documentId,
      title: slideshow.title,
      slides: slideshow.activity_slides.length,
    },
  };
}

/** The content manager's save (not publish) of a draft, and its preview link. */
function contentManager(request: APIRequestContext, admin: string) {
  const headers = { Authorization: `Bearer ${admin}` };
  const path = (uid: string, id: string) =>
    cmsUrl(`/content-manager/collection-types/${uid}/${id}`);
  return {
    async save(uid: string, id: string, change: Record<string, unknown>) {
      // The admin sends the whole document back, as edited.
      const current = await request.get(path(uid, id), { headers });
      expect(current.ok(), await current.text()).toBe(true);
      const { data } = (await current.json()) as { data: Record<string, unknown> };
      // The document's status is the CMS's to say (a second save of a draft reads 'modified').
      const { status: _status, ...fields } = data;
      const saved = await request.put(path(uid, id), { headers, data: { ...fields, ...change } });
      expect(saved.ok(), await saved.text()).toBe(true);
    },
    async previewLink(uid: string, id: string): Promise<string> {
      const answer = await request.get(
        cmsUrl(`/content-manager/preview/url/${uid}?documentId=${id}&status=draft`),
        { headers },
      );
      expect(answer.ok()).toBe(true);
      const link = new URL(((await answer.json()) as { data: { url: string } }).data.url);
      // The link opens on the app (its origin is the CMS's APP_URL; here the test's own server).
      return `${link.pathname}${link.search}`;
    },
  };
}

/** Everything the device holds that a page can see: local storage, IndexedDB, Cache Storage. */
async function deviceStorage(page: Page) {
  return page.evaluate(async () => {
    const local = Object.fromEntries(
      Array.from({ length: localStorage.length }, (_, index) => {
        const key = localStorage.key(index)!;
        return [key, localStorage.getItem(key)];
      }),
    );
    const databases = (await indexedDB.databases()).map((database) => database.name);
    const cached: string[] = [];
    const keys: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        // The precached shell is the app's code; what a page could keep is JSON answers.
        const text = type.includes('json') ? await response!.text() : '';
        keys.push(`${name} ${request.url}`);
        cached.push(`${name} ${request.url} ${text}`);
      }
    }
    return { local: JSON.stringify(local), databases, keys, cached: cached.join('\n') };
  });
}

async function openLessonPage(page: Page) {
  await page.goto('/primary/rhythm-makers');
  await page.getByRole('link', { name: new RegExp(`^View unit of work\\s?: ${UNIT}$`) }).click();
  await page.getByRole('link', { name: LESSON }).click();
}

test("an editor's preview is the app's real page with the drafts, and the device keeps none of it", async ({
  page,
  request,
}) => {
  const lesson = await seededLesson(request);
  const cms = contentManager(request, await adminToken(request));
  await cms.save('api::lesson.lesson', lesson.documentId, {
    title: DRAFT_TITLE,
    introduction: DRAFT_INTRODUCTION,
  });
  await cms.save('api::activity-slideshow.activity-slideshow', lesson.slideshow.documentId, {
    title: DRAFT_SLIDESHOW,
  });
  const lessonLink = await cms.previewLink('api::lesson.lesson', lesson.documentId);
  const slideshowLink = await cms.previewLink(
    'api::activity-slideshow.activity-slideshow',
    lesson.slideshow.documentId,
  );
  const token = new URLSearchParams(lessonLink.split('?')[1]).get('token')!;

  // The worker is running, as for an editor who also uses the app; nobody is signed in. What the
  // device holds once the home page has settled is the baseline.
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  const before = await deviceStorage(page);

  // The lesson page itself, with the draft's title and introduction, under the Draft marker.
  await page.goto(lessonLink);
  await expect(page.getByRole('heading', { level: 1, name: DRAFT_TITLE })).toBeVisible();
  await expect(page.getByText(DRAFT_INTRODUCTION)).toBeVisible();
  await expect(page.getByRole('note', { name: 'Preview' })).toContainText(DRAFT_MARKER);
  await expect(page.getByRole('heading', { level: 2, name: 'Activities' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Lesson' })).toBeVisible();
  await expect(page).toHaveTitle(/^Preview: /);
  // Nothing that stores: no download, no playlist.
  await expect(page.getByRole('button', { name: /download|playlist/i })).toHaveCount(0);
  await screenshotBothSizes(page, 'preview-lesson');

  // The lesson's own links stay in the preview: lesson mode shows the draft lesson's slides.
  await page.getByRole('link', { name: 'Start Lesson' }).click();
  await expect(page).toHaveURL(/\/preview\/lesson\/[^/]+\/.*\/slides/);
  await expect(page.getByRole('note', { name: 'Preview' })).toContainText(DRAFT_MARKER);
  await expect(page.getByRole('heading', { level: 1, name: DRAFT_TITLE })).toBeVisible();

  // A draft slideshow previews in lesson mode, and its slides step by keyboard.
  await page.goto(slideshowLink);
  await expect(page).toHaveURL(/\/preview\/slideshow\/[^/]+\/slides/);
  await expect(page.getByRole('note', { name: 'Preview' })).toContainText(DRAFT_MARKER);
  await expect(page.getByText(DRAFT_SLIDESHOW).first()).toBeVisible();
  await expect(page).toHaveTitle(/^Preview: /);
  await page.locator('#main').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/slides\/2\?token=/);
  await expect(page.getByRole('note', { name: 'Preview' })).toContainText(DRAFT_MARKER);
  await screenshotBothSizes(page, 'preview-lesson-mode');
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\/slides\/1\?token=/);
  // A reload straight after a slide change keeps the preview (the token is back in the address
  // in the same task as the change).
  await page.keyboard.press('ArrowRight');
  await page.reload();
  await expect(page.getByText(DRAFT_SLIDESHOW).first()).toBeVisible();

  // A forged or damaged link opens nothing.
  await page.goto(`${lessonLink.split('?')[0]}?token=${token.slice(0, -2)}xx`);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This preview link is not valid. Open the preview again from the CMS.' }),
  ).toBeVisible();

  // The device holds nothing of the preview: no draft text, no token, no new database, no new
  // entry in any cache (answers or media), nothing new in local storage.
  const after = await deviceStorage(page);
  for (const held of [after.local, after.cached]) {
    expect(held).not.toContain(DRAFT_TITLE);
    expect(held).not.toContain(DRAFT_INTRODUCTION);
    expect(held).not.toContain(DRAFT_SLIDESHOW);
    expect(held).not.toContain(token);
  }
  expect(after.databases).toEqual(before.databases);
  expect(after.keys).toEqual(before.keys);
  expect(after.local).toEqual(before.local);

  // The teacher's lesson page: the published title and introduction, never the drafts.
  await storeSubscriberSession(page);
  await openLessonPage(page);
  await expect(page.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
  await expect(page.getByText(DRAFT_INTRODUCTION)).toHaveCount(0);
});
