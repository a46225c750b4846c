import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { logInAsSubscriber } from './support/session';

// Journeys a new teacher takes lead somewhere: 'Start Activity' from a unit's own activity,
// 'Start Activity' in a lesson that turns lesson mode off, breadcrumbs that show names, not ids,
// and audio counts that neither say '1 recordings' nor count songs as recordings.

const PROGRAMME = '/primary/sound-explorers';

const viewActivity = (title: string) => new RegExp(`^View activity\\s?: ${title}$`);

/** Follows an activity card on the current page to the activity; returns the activity's path. */
async function openActivityCard(page: Page, title: string): Promise<string> {
  await page
    .getByRole('link', { name: viewActivity(title) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

async function openUnit(page: Page, unit: string) {
  await page.goto(PROGRAMME);
  await page.getByRole('link', { name: new RegExp(`^View unit of work\\s?: ${unit}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: unit })).toBeVisible();
}

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

test.describe("'Start Activity'", () => {
  test('starts lesson mode wherever it shows, and Exit lesson mode returns to the activity', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await logInAsSubscriber(page);

    // Each place an activity page is mounted, reached as a teacher reaches it.
    const reach: [where: string, open: () => Promise<string>][] = [
      [
        "a unit's own activity",
        async () => {
          await openUnit(page, 'Listening and moving');
          return openActivityCard(page, 'Hello Song');
        },
      ],
      [
        "a lesson's activity",
        async () => {
          await openUnit(page, 'Listening and moving');
          await page.getByRole('link', { name: 'Lesson 1: Hello, music' }).click();
          return openActivityCard(page, 'Hello Song');
        },
      ],
      [
        "a custom unit's lesson",
        async () => {
          await page.goto(`${PROGRAMME}/custom-unit`);
          await page.getByRole('link', { name: /^View/ }).first().click();
          await page.getByRole('link', { name: /^View lesson\s?: Singing and pulse$/ }).click();
          return openActivityCard(page, 'Hello Song');
        },
      ],
      [
        "the programme's activity library",
        async () => {
          await page.goto(`${PROGRAMME}/activities`);
          return openActivityCard(page, 'Hello Song');
        },
      ],
      [
        "the audience's activity library",
        async () => {
          await page.goto('/primary/activities');
          return openActivityCard(page, 'Hello Song');
        },
      ],
      [
        'a key stage project',
        async () => {
          await page.goto('/secondary/ks-3/project/sound-of-the-city');
          return openActivityCard(page, 'Graphic Scores');
        },
      ],
      [
        "a project under the secondary home's box (/secondary/{project})",
        async () => {
          await page.goto('/secondary/ks-3/project/sound-of-the-city');
          const href = await page
            .getByRole('link', { name: viewActivity('Graphic Scores') })
            .first()
            .getAttribute('href');
          const direct = href!.replace('/secondary/ks-3/project/', '/secondary/');
          await page.goto(direct);
          await expect(
            page.getByRole('heading', { level: 1, name: 'Graphic Scores' }),
          ).toBeVisible();
          return direct;
        },
      ],
      [
        'a live production',
        async () => {
          await page.goto('/live/orchestra-live/the-firebird');
          return openActivityCard(page, 'Listening: The Firebird');
        },
      ],
    ];

    for (const [where, open] of reach) {
      const activityPath = await open();
      const title = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
      await page.getByRole('link', { name: 'Start Activity' }).click();
      await expect(page, where).toHaveURL(`${activityPath}/slides`);
      // Lesson mode, not the activity page reading 'slides' as its option.
      const exit = page.getByRole('link', { name: 'Exit lesson mode' });
      await expect(exit, where).toHaveAttribute('href', activityPath);
      await expect(page.getByText(/^Slide 1 of \d+$/), where).toBeVisible();
      await exit.click();
      await expect(page, where).toHaveURL(activityPath);
      await expect(page.getByRole('heading', { level: 1, name: title }), where).toBeVisible();
    }
  });

  test('does not show in a lesson that turns lesson mode off; the crumbs name the lesson, never its id', async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    await openUnit(page, 'Singing together');
    await page.getByRole('link', { name: 'Lesson 2: Lullabies' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lesson 2: Lullabies' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Lesson' })).toHaveCount(0);
    const lessonPath = new URL(page.url()).pathname;
    const lessonId = lessonPath.split('/').at(-1)!;

    const activityPath = await openActivityCard(page, 'Lullaby Circle');
    await expect(page.getByRole('button', { name: 'Add to playlist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Activity' })).toHaveCount(0);
    await expect(
      breadcrumb(page).getByRole('link', { name: 'Lesson 2: Lullabies' }),
    ).toHaveAttribute('href', lessonPath);
    await expect(breadcrumb(page)).not.toContainText(lessonId);
    // The same activity outside that lesson has a slideshow to start.
    await page.goto(activityPath.replace(`/lesson/${lessonId}`, ''));
    await expect(page.getByRole('link', { name: 'Start Activity' })).toBeVisible();

    // A custom unit's lesson plan that turns lesson mode off.
    await page.goto(`${PROGRAMME}/custom-unit`);
    await page.getByRole('link', { name: /^View/ }).first().click();
    // Read the unit's heading and the lesson's address once each page shows, not the last one's.
    await expect(
      page.getByRole('link', { name: /^View lesson\s?: Compose a class piece$/ }),
    ).toBeVisible();
    const unitTitle = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
    const unitPage = page.url();
    await page.getByRole('link', { name: /^View lesson\s?: Compose a class piece$/ }).click();
    await page.waitForURL((url) => url.href !== unitPage);
    const customLessonPath = new URL(page.url()).pathname;
    await openActivityCard(page, 'Class Composition');
    await expect(page.getByRole('link', { name: 'Start Activity' })).toHaveCount(0);
    await expect(
      breadcrumb(page).getByRole('link', { name: 'Compose a class piece' }),
    ).toHaveAttribute('href', customLessonPath);
    await expect(breadcrumb(page).getByRole('link', { name: unitTitle })).toBeVisible();
    await screenshotBothSizes(page, 'activity-in-custom-lesson');
  });
});

test.describe('breadcrumbs', () => {
  test('a page that is not there shows no raw ids or slugs in the trail', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { level: 1, name: 'Lost?' })).toBeVisible();
    await expect(breadcrumb(page)).not.toContainText(/no-such-page|at-all/);

    await page.goto('/primary/no-such-programme');
    await expect(page.getByRole('heading', { level: 1, name: 'Lost?' })).toBeVisible();
    await expect(breadcrumb(page).getByRole('listitem')).toHaveText(['Home', 'Primary', 'Lost?']);

    await logInAsSubscriber(page);
    await openUnit(page, 'Listening and moving');
    const unitPath = new URL(page.url()).pathname;
    await page.goto(`${unitPath}/activity/no-such-activity`);
    await expect(page.getByRole('heading', { level: 1, name: 'Activity not found' })).toBeVisible();
    await expect(breadcrumb(page).getByRole('listitem')).toHaveText([
      'Home',
      'Primary',
      'Sound Explorers',
      'Listening and moving',
      'Activity',
    ]);
  });
});

test.describe('audio counts', () => {
  test("say '1 recording', 'N recordings' and 'N songs', and count what they say", async ({
    page,
  }) => {
    await page.goto('/primary/audiolibrary');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const card = (title: string) =>
      page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    // A collection holds songs (audio pages); an audio page holds recordings.
    const count = (title: string, text: string) =>
      expect(card(title).getByText(text, { exact: true })).toBeVisible();
    await count('Songs for the classroom', '3 songs');
    await count('Stories in music', '2 songs');
    await count('Hello Song recordings', '2 recordings');
    await count('Marches', '1 recording');

    await card('Stories in music')
      .getByRole('link', { name: /^Open collection/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stories in music' })).toBeVisible();
    await count('The Firebird', '1 recording');
    await count('Peter and the Wolf', '2 recordings');
    await screenshotBothSizes(page, 'audio-collection-counts');
    // A song opened from the collection names the collection in the breadcrumb.
    await card('Peter and the Wolf')
      .getByRole('link', { name: /^Listen/ })
      .click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'Stories in music',
    );
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).not.toContainText(
      'Collection',
    );

    // 'Listen to all on one page' keeps the library's order.
    await page.goto('/primary/audiolibrary');
    const listenLinks = page.getByRole('link', { name: /^Listen\s?: / });
    await expect(listenLinks.first()).toBeVisible();
    const listed = (
      await listenLinks.evaluateAll((links) => links.map((link) => link.textContent ?? ''))
    ).map((name) => name.replace(/^Listen\s*:?\s*/, '').trim());
    expect(listed.length).toBeGreaterThan(1);
    await page
      .getByRole('link', { name: /^Listen to all of / })
      .first()
      .click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: listed[0] })).toBeVisible();
    const shown = (await main.getByRole('heading', { level: 2 }).allTextContents()).filter(
      (title) => listed.includes(title),
    );
    expect(shown).toEqual(listed);

    await page.goto('/primary/activities?title=Hello%20Song');
    await expect(page.getByRole('status').filter({ hasText: /activit/ })).toHaveText('1 activity');
  });
});
