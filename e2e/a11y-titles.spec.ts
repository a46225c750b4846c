import type { Page } from '@playwright/test';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { storeSubscriberSession } from './support/session';

// WCAG 2.4.2 Page titled: a view that stands for the page's state (not found, log in needed,
// could not be loaded) names that state in the document title, and the page has its h1.

const PROGRAMME = '/primary/sound-explorers';

async function lessonPath(page: Page): Promise<{ unit: string; lesson: string }> {
  const token = await apiLogIn(page.request, DEMO.subscriber.email);
  const data = await cmsQuery<{
    programmes: { units: { documentId: string; lessons: { documentId: string }[] }[] }[];
  }>(
    page.request,
    token,
    `query TitleIds {
      programmes(filters: { slug: { eq: "sound-explorers" } }) {
        units { documentId lessons { documentId } }
      }
    }`,
  );
  const unit = data.programmes[0]!.units.find((one) => one.lessons.length > 0)!;
  const base = `${PROGRAMME}/unit/${unit.documentId}`;
  return { unit: base, lesson: `${base}/lesson/${unit.lessons[0]!.documentId}` };
}

async function expectTitled(page: Page, path: string, title: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  await expect(page, `the title of ${path}`).toHaveTitle(`${title} | Music Classroom`);
}

test('not-found views name the state in the title, as their h1 does', async ({ page }) => {
  await storeSubscriberSession(page);
  const { unit } = await lessonPath(page);
  await expectTitled(page, `${PROGRAMME}/unit/no-such-unit`, 'Unit not found', 'Unit not found');
  await expectTitled(page, `${unit}/lesson/no-such-lesson`, 'Lesson not found', 'Lesson not found');
  await expectTitled(
    page,
    '/primary/activities/-/no-such-activity',
    'Activity not found',
    'Activity not found',
  );
});

test('signed out, pages that need a login say so in the title and have an h1', async ({ page }) => {
  const { lesson } = await lessonPath(page);
  await expectTitled(page, lesson, 'Lesson (log in needed)', 'Lesson');
  await expectTitled(page, '/offline', 'Offline storage (log in needed)', 'Offline storage');
  await page.goto('/playlists');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/ \(log in needed\) \| Music Classroom$/);
});

test('a page that could not be loaded says so in the title', async ({ page, faults }) => {
  await storeSubscriberSession(page);
  await faults.set([
    {
      fault: 'answer',
      path: '/graphql',
      bodyIncludes: 'query ProgrammeQuery',
      status: 500,
      body: '{"errors":[{"message":"Internal Server Error"}]}',
    },
  ]);
  await expectTitled(page, PROGRAMME, 'This page could not be shown', /^Oops! Seems like/);
});
