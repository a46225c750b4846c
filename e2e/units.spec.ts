import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO, expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { logInAsSubscriber, logInThroughPanel, openLoginPanel } from './support/session';

const PROGRAMME = '/primary/sound-explorers';

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('programme, units, lessons and activities', () => {
  test("a programme lists its units in the CMS's order, not alphabetically", async ({ page }) => {
    await page.goto('/primary/rhythm-makers');
    const units = page.getByRole('link', { name: /^View unit of work/ });
    await expect(units.first()).toBeVisible();
    // The seed's order; alphabetical would put 'Drumming circles' first.
    expect(
      (await units.allTextContents()).map((text) =>
        text.replace(/^View unit of work\s?:\s?/, '').trim(),
      ),
    ).toEqual(['Pulse and rhythm', 'Drumming circles']);
  });

  test('the access gate: a visitor logs in and lands on the unit; a trial user is asked to subscribe', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(PROGRAMME);
    await expect(page.getByRole('heading', { level: 1, name: 'Sound Explorers' })).toBeVisible();
    const unitLink = page.getByRole('link', {
      name: /^View unit of work\s?: Listening and moving$/,
    });
    const unitPath = await unitLink.getAttribute('href');
    expect(unitPath).toMatch(/^\/primary\/sound-explorers\/unit\/\w+$/);
    await expect(page.getByRole('link', { name: 'Activity Library' })).toHaveAttribute(
      'href',
      `${PROGRAMME}/activities`,
    );
    await expect(page.getByRole('link', { name: 'Audio Library' })).toHaveAttribute(
      'href',
      `${PROGRAMME}/audio`,
    );
    await expect(page.getByRole('heading', { name: 'Music at Home' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'the programme page');
    await screenshotBothSizes(page, 'programme');

    await unitLink.click();
    await logInThroughPanel(page, DEMO.subscriber.email, DEMO.subscriber.password);
    await expect(page).toHaveURL(unitPath!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Listening and moving' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lesson 1: Hello, music' })).toBeVisible();
    expect(errors).toEqual([]);

    await page.getByRole('button', { name: /Welcome back/ }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log In' }),
    ).toBeVisible();
    await page.goto(PROGRAMME);
    await openLoginPanel(page);
    await logInThroughPanel(page, DEMO.trial.email, DEMO.trial.password);
    await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
    const subscribe = page
      .getByRole('dialog')
      .filter({ hasText: 'You need an active subscription to access this content.' });
    await expect(subscribe).toBeVisible();
    await expect(subscribe.getByRole('link', { name: 'Subscribe now' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    await expect(page).toHaveURL(PROGRAMME);
  });

  test('a subscriber walks a unit, a lesson and its activities', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logInAsSubscriber(page);
    await page.goto(PROGRAMME);

    // Music at Home: a link for families, built on this device.
    const atHome = page.getByRole('region', { name: 'Music at Home' });
    await expect(atHome.getByLabel('Link for families')).toHaveValue(
      /\/primary\/sound-explorers\/at-home\/\w{8,}$/,
    );
    await atHome.getByRole('button', { name: 'Copy' }).click();
    await expect(atHome.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/at-home\//);

    await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Listening and moving' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the unit page');
    await screenshotBothSizes(page, 'unit');
    await page.getByRole('link', { name: 'Lesson 1: Hello, music' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lesson 1: Hello, music' }),
    ).toBeVisible();
    const lessonPath = new URL(page.url()).pathname;
    await expect(page.getByRole('link', { name: 'Start Lesson' })).toHaveAttribute(
      'href',
      `${lessonPath}/slides`,
    );
    await expect(page.getByRole('heading', { name: 'Warm up', level: 3 })).toBeVisible();
    await expectNoAxeViolations(page, 'the lesson page');
    await screenshotBothSizes(page, 'lesson');

    // Echo Clapping has no time in the CMS: 'Free-flow'.
    const echo = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Echo Clapping' }) });
    await expect(echo.getByText(/Free-flow/)).toBeVisible();
    await echo.getByRole('link', { name: /View activity/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Echo Clapping' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'About this activity' })).toContainText(
      'Time',
    );
    const next = page.getByRole('link', { name: /^Next: / });
    await expect(next).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to playlist' })).toBeVisible();
    await expectNoAxeViolations(page, 'the activity page');
    await screenshotBothSizes(page, 'activity');

    // Options and deliveries are tabs in the URL.
    const options = page.getByRole('navigation', { name: 'Activity options' });
    if ((await options.count()) > 0) {
      const second = options.getByRole('link').nth(1);
      await second.click();
      await expect(second).toHaveAttribute('aria-current', 'page');
      expect(new URL(page.url()).pathname.split('/').length).toBeGreaterThan(
        lessonPath.split('/').length + 2,
      );
    }
    const nextTitle = ((await next.textContent()) ?? '').replace(/^Next: /, '');
    await next.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle);
    await expect(page.getByRole('heading', { name: 'More activities like this:' })).toBeVisible();

    await page.goto(lessonPath);
    await page.getByRole('link', { name: /^Next lesson/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lesson 2: Pulse everywhere' }),
    ).toBeVisible();
  });

  test('a visitor on a unit address is told it needs a subscription', async ({ page }) => {
    await page.goto(PROGRAMME);
    const href = await page
      .getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ })
      .getAttribute('href');
    await page.goto(href!);
    await expect(
      page.getByText('You need to be logged in to access this content.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lesson 1: Hello, music' })).toHaveCount(0);
  });
});
