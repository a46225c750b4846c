import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { logInAsSubscriber } from './support/session';

/** The live section, CPD and Music at Home (spec part 2), on the seeded CMS and its events feed. */
test.describe('live, CPD and Music at Home', () => {
  test('the live home, a live programme and a production with its bookings', async ({ page }) => {
    await page.goto('/live');
    await expect(page.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
    await expect(
      page.getByText('Concerts, productions and performances for schools'),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: /Explore the programme\s?: Orchestra Live/ }),
    ).toHaveAttribute('href', '/live/orchestra-live');
    // Events from the feed, soonest first, dated 'iii d MMM yyyy', timed 'haaa'.
    const events = page.getByRole('region', { name: 'Upcoming live events' }).getByRole('article');
    await expect(events.first()).toContainText('The Firebird: family concert');
    await expect(events.first().locator('time')).toHaveText(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}(am|pm)$/,
    );
    await expect(events.first().locator('img')).toHaveJSProperty('complete', true);
    await expectNoAxeViolations(page, 'the live home');
    await screenshotBothSizes(page, 'live-home');

    await page.goto('/live/orchestra-live');
    await expect(page.getByRole('heading', { level: 1, name: 'Orchestra Live' })).toBeVisible();
    await expect(page.locator('main blockquote').first()).toBeVisible();
    await expectNoAxeViolations(page, 'a live programme');
    await screenshotBothSizes(page, 'live-programme');
    const production = page.getByRole('link', { name: /Find out more\s?: The Firebird$/ }).first();
    await expect(production).toHaveAttribute('href', '/live/orchestra-live/the-firebird');
    await production.click();

    await expect(page.getByRole('heading', { level: 1, name: 'The Firebird' })).toBeVisible();
    await expect(
      page.locator('main a[href^="/live/orchestra-live/the-firebird/activity/"]').first(),
    ).toBeVisible();
    await expect(
      page.locator('main a[href^="/live/orchestra-live/the-firebird/audio/"]').first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'See a full list of venues' }).click();
    const dialog = page.getByRole('dialog', { name: 'The Firebird: performances' });
    const rows = dialog.getByRole('listitem');
    // Seeded 45, 60, 75 and 90 days ahead: Birmingham, Bristol, Leeds, Cardiff.
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText('Symphony Hall, Birmingham');
    await expect(rows.nth(1)).toContainText('Colston Hall, Bristol');
    await expect(rows.nth(2)).toContainText('Leeds Town Hall(Not available for public booking)');
    await expect(rows.nth(3)).toContainText(
      "St David's Hall, Cardiff(Not available for public booking)",
    );
    await expect(rows.nth(0).locator('time')).toHaveText(
      /^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/,
    );
    await expectNoAxeViolations(page, 'the bookings dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'See a full list of venues' })).toBeFocused();
    await screenshotBothSizes(page, 'live-production');

    // The other production's label is 'Book Tickets'.
    await page.goto('/live/orchestra-live/peter-and-the-wolf');
    await expect(page.getByRole('button', { name: 'Book Tickets' })).toBeVisible();
  });

  test('the live home says so when the events feed fails, and the rest of the page stays', async ({
    page,
    faults,
  }) => {
    await faults.set([
      {
        fault: 'answer',
        path: '/api/events-feed/',
        status: 500,
        body: 'down',
        contentType: 'text/plain',
      },
    ]);
    await page.goto('/live');
    await expect(page.getByText('Error fetching or processing live event data')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  });

  test('CPD: the home, a live event and a video session', async ({ page }) => {
    await page.goto('/cpd');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Professional development' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Downloads to support your delivery' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Live events' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Video sessions' })).toBeVisible();
    await expectNoAxeViolations(page, 'the CPD home');
    await screenshotBothSizes(page, 'cpd');

    await page
      .getByRole('link', { name: /^Learn more\s?: Singing in the primary classroom$/ })
      .click();
    await expect(page).toHaveURL('/cpd/live-event/singing-in-the-primary-classroom');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Singing in the primary classroom' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'CPD Live Event',
    );
    // The event's date, in words, in the paragraph under its title (the sidebar says it again).
    await expect(
      page
        .getByRole('main')
        .getByRole('paragraph')
        .filter({
          hasText:
            /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ \d{4}$/,
        }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Attend this session' })).toBeVisible();
    await expectNoAxeViolations(page, 'a CPD live event');
    await screenshotBothSizes(page, 'cpd-live-event');

    await page.goto('/cpd');
    await page.getByRole('link', { name: /^Learn more\s?: Confident conducting$/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confident conducting' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('CPD Session');
    await expect(page.locator('main video')).toHaveAttribute('height', '450');
    // 450 high as shown, not only as written (the column is narrower than the film's 800).
    const shown = await page.locator('main video').boundingBox();
    expect(Math.round(shown?.height ?? 0)).toBe(450);
    await expectNoAxeViolations(page, 'a CPD session');
    await screenshotBothSizes(page, 'cpd-session');
  });

  test("a family opens a teacher's Music at Home link: no navigation, Explore, previous and next", async ({
    page,
    browser,
  }) => {
    await logInAsSubscriber(page);
    await page.goto('/primary/sound-explorers');
    const link = await page
      .getByRole('region', { name: 'Music at Home' })
      .getByLabel('Link for families')
      .inputValue();

    const family = await browser.newContext({ baseURL: new URL(link).origin });
    const home = await family.newPage();
    await home.goto(new URL(link).pathname);
    await expect(
      home.getByRole('heading', { level: 1, name: 'Music at Home: Sound Explorers' }),
    ).toBeVisible();
    await expect(home.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    // Spec part 2: the main navigation is hidden, the breadcrumb stays, labelled 'At home'.
    await expect(home.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('At home');
    const explore = home.getByRole('link', { name: /^Explore\s?: / });
    await expect(explore).toHaveCount(3);
    await expectNoAxeViolations(home, 'an at-home library');
    await screenshotBothSizes(home, 'at-home-library');

    await explore.first().click();
    await expect(home.getByRole('heading', { level: 1, name: 'Hello Song' })).toBeVisible();
    await expect(home.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(home.getByRole('heading', { name: 'Music', exact: true })).toBeVisible();
    await expect(home.getByRole('link', { name: /^Previous activity/ })).toHaveCount(0);
    await expectNoAxeViolations(home, 'an at-home activity');
    await screenshotBothSizes(home, 'at-home-activity');
    await home.getByRole('link', { name: /^Next activity/ }).click();
    await expect(home.getByRole('heading', { level: 1, name: 'Sensory Soundscape' })).toBeVisible();
    await home.getByRole('link', { name: /^Previous activity/ }).click();
    await expect(home.getByRole('heading', { level: 1, name: 'Hello Song' })).toBeVisible();
    await home.getByRole('link', { name: /^Back to / }).click();
    await expect(
      home.getByRole('heading', { level: 1, name: 'Music at Home: Sound Explorers' }),
    ).toBeVisible();

    // A link cut short says so instead of failing.
    await home.goto(`${new URL(link).pathname.slice(0, -3)}`);
    await expect(
      home.getByRole('heading', { level: 1, name: 'This link does not work' }),
    ).toBeVisible();
    await family.close();
  });
});
