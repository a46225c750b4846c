import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { loadingSpinner, slideCounter } from './support/roles';
import { logInAsSubscriber } from './support/session';

/**
 * The accessibility sweep: every route family of both spec parts, logged out and as a subscriber,
 * and the dialogs, each checked by axe-core against WCAG 2.2 AA once its content has loaded. Pages
 * whose ids change with every seed are reached by following their links, as a teacher would.
 */

const PROGRAMME = '/primary/sound-explorers';

/** Waits for the page's heading and for loading to end, then runs axe. */
async function checkPage(page: Page, label: string) {
  await expect(page.locator('main h1').first(), `${label}: a heading`).toBeVisible();
  await expect(loadingSpinner(page)).toHaveCount(0);
  await expectNoAxeViolations(page, label);
}

async function visit(page: Page, path: string, label = path) {
  await page.goto(path);
  await checkPage(page, label);
}

async function follow(page: Page, link: Locator, label: string) {
  const before = page.url();
  await link.first().click();
  // The page left must not be the one checked: its heading is still there until the next one
  // has rendered (the address changes first, while a lazy route or its query is on its way), and
  // the new page may show a spinner in between. Focus moves to the new page's heading once it is
  // there (WCAG 2.4.3), so that is the sign the page followed to is the one on screen.
  await page.waitForURL((url) => url.href !== before);
  await expect(page.locator('main h1').first(), `${label}: focus on its heading`).toBeFocused();
  await checkPage(page, label);
}

test.describe('accessibility sweep', () => {
  test('every public route family, logged out', async ({ page }) => {
    test.setTimeout(240_000);
    for (const path of [
      '/',
      '/welcome/new_registration',
      '/subscribe',
      '/account/reset-password?code=not-a-real-code',
      '/primary',
      '/send',
      '/secondary',
      '/secondary/ks-3',
      '/secondary/ks4',
      '/secondary/KS5',
      PROGRAMME,
      `${PROGRAMME}/activities`,
      `${PROGRAMME}/audio`,
      '/privacy',
      '/terms-and-conditions',
      '/cpd',
      '/live',
      '/live/orchestra-live',
      '/live/orchestra-live/the-firebird',
      '/no/such/page/here',
    ]) {
      await visit(page, path);
    }

    await page.goto(`${PROGRAMME}/activities`);
    await follow(page, page.locator('main a[href*="/activities/"]'), 'an activity in the library');
    await page.goto(`${PROGRAMME}/audio`);
    await follow(page, page.locator('main a[href*="/audio/"]'), 'an audio page');
    await page.goto('/secondary/ks-3');
    await follow(page, page.locator('main a[href*="/project/"]'), 'a secondary project');
    await page.goto('/cpd');
    await follow(page, page.locator('main a[href*="/cpd/live-event/"]'), 'a CPD live event');
    await page.goto('/cpd');
    await follow(page, page.locator('main a[href*="/cpd/session/"]'), 'a CPD session');
    await page.goto('/live/orchestra-live/the-firebird');
    await follow(page, page.locator('main a[href*="/activity/"]'), 'a live production activity');

    // A unit behind the access gate, and the dialogs a visitor meets.
    await page.goto(PROGRAMME);
    await page
      .getByRole('link', { name: /^View unit of work/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: /Log in to/ })).toBeVisible();
    await expectNoAxeViolations(page, 'the login panel');
    await page.keyboard.press('Escape');
    await page.goto('/login');
    await expect(
      page
        .getByRole('dialog', { name: /Log in to/ })
        .or(page.getByRole('heading', { name: /Log in to/ }))
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/login');
  });

  test('every route family of a subscriber, with the dialogs', async ({ page }) => {
    test.setTimeout(300_000);
    await logInAsSubscriber(page);

    await page.getByRole('button', { name: /Welcome back/ }).click();
    await expectNoAxeViolations(page, 'the account menu');
    await page.keyboard.press('Escape');

    // Programme → unit → lesson → lesson activity → lesson mode.
    await visit(page, PROGRAMME, 'a programme, logged in');
    await follow(page, page.getByRole('link', { name: /^View unit of work/ }), 'a unit');
    await follow(
      page,
      page.locator('main a[href*="/activities/"]'),
      'an activity section of a unit',
    );
    await page.goBack();
    await follow(page, page.locator('main a[href*="/lesson/"]'), 'a lesson');
    const lessonPath = new URL(page.url()).pathname;
    await follow(page, page.locator('main a[href*="/activity/"]'), 'an activity in a lesson');
    await page.getByRole('button', { name: 'Add to playlist' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'the Add to playlist dialog');
    await page.keyboard.press('Escape');
    await page.goto(lessonPath);
    await page.getByRole('link', { name: 'Start Lesson' }).click();
    await checkPage(page, 'the lesson mode overview');
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(slideCounter(page)).toBeVisible();
    await expectNoAxeViolations(page, 'a lesson slide');

    // Playlists, the offline storage page, custom units.
    await visit(page, '/playlists');
    await page.getByRole('button', { name: 'Create a new playlist' }).click();
    await expect(page.getByRole('dialog', { name: 'Playlist details' })).toBeVisible();
    await expectNoAxeViolations(page, 'the Playlist details dialog');
    await page.keyboard.press('Escape');
    await follow(page, page.getByRole('link', { name: /View Playlist/ }), 'a playlist');
    await page.getByRole('button', { name: 'Edit playlist contents' }).click();
    await expect(page.getByRole('list', { name: 'Playlist items, in order' })).toBeVisible();
    await expectNoAxeViolations(page, 'a playlist in edit mode');
    await visit(page, '/offline');
    await visit(page, `${PROGRAMME}/custom-unit`);
    await follow(page, page.getByRole('link', { name: /^View/ }), 'a custom unit');
    await follow(page, page.getByRole('link', { name: /^View lesson/ }), 'a custom unit lesson');
    await visit(page, `${PROGRAMME}/create-unit`);
    await visit(page, '/live/orchestra-live/the-firebird', 'a live production, logged in');
    await page
      .getByRole('button', { name: /Book Tickets|See a full list of venues/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'the bookings dialog');
    await page.keyboard.press('Escape');

    // Music at Home: the family link from the programme page.
    await page.goto(PROGRAMME);
    const familyLink = await page
      .getByRole('region', { name: 'Music at Home' })
      .getByLabel('Link for families')
      .inputValue();
    await visit(page, new URL(familyLink, page.url()).pathname, 'an at-home library');
    await follow(page, page.locator('main a[href*="/at-home/"]'), 'an at-home activity');
  });
});
