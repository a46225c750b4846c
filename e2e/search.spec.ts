import { cmsQuery, newTeacherWithPlaylist } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { logInAsSubscriber, logInThroughPanel, logOut, openLoginPanel } from './support/session';
import { expectNoAxeViolations } from './support/axe';
import { screenshotBothSizes } from './support/screenshots';

// Search from the shell on every page (the WAI-ARIA combobox: suggestions as you type, Enter for
// the results page) and the results page itself, against the seeded CMS.

test.describe('search', () => {
  test('a visitor types in the shell, gets suggestions, and Enter opens the results page grouped by type', async ({
    page,
  }) => {
    await page.goto('/primary');
    const field = page.getByRole('search').first().getByRole('searchbox', { name: 'Search' });
    await expect(field).toBeVisible();
    // `/` reaches the field from anywhere on the page.
    await page.locator('body').press('/');
    const combobox = page.getByRole('combobox', { name: 'Search' });
    await expect(combobox).toBeFocused();
    await combobox.pressSequentially('samb');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option').first()).toContainText(/Samba/);
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    // Down chooses the first suggestion (announced through aria-activedescendant).
    await combobox.press('ArrowDown');
    const chosen = await combobox.getAttribute('aria-activedescendant');
    expect(chosen).toBeTruthy();
    await expect(page.locator(`[id="${chosen}"]`)).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page, 'suggestions open');
    // Escape closes the list; Enter then goes to the results page.
    await combobox.press('Escape');
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await combobox.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=samb$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Search results for ‘samb’' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: /^Activities \(\d+\)$/ }),
    ).toBeVisible();
    const activity = page.getByRole('link', { name: 'Samba Call and Response' }).first();
    await expect(activity).toBeVisible();
    // No lesson for a visitor: lessons are for subscribers.
    await expect(page.getByRole('heading', { level: 2, name: /^Lessons/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'results page');
  });

  test('the results page can be bookmarked, forgives a typo and filters by type', async ({
    page,
  }) => {
    await page.goto('/search?q=smaba');
    await expect(page.getByText(/results? for ‘samba’/)).toBeVisible();
    await page.getByLabel('Type').selectOption('activity');
    await expect(page).toHaveURL(/kind=activity/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      /^Activities \(\d+\)$/,
    ]);
    // Ctrl+K reaches the shell's field too.
    await page.keyboard.press('Control+k');
    await expect(page.locator('#site-search')).toBeFocused();
  });

  test('nothing leaks: a visitor and a trial teacher never find a subscriber-only lesson', async ({
    page,
  }) => {
    const lesson = page.getByRole('main').getByRole('link', { name: 'Lesson 4: Samba carnival' });
    await page.goto('/search?q=samba%20carnival');
    await expect(page.getByText(/^(No results for|\d+ results?)/)).toBeVisible();
    await expect(lesson).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: /^Lessons/ })).toHaveCount(0);
    await openLoginPanel(page);
    await logInThroughPanel(page, DEMO.trial.email, DEMO.trial.password);
    await page.goto('/search?q=samba%20carnival');
    await expect(page.getByText(/^(No results for|\d+ results?)/)).toBeVisible();
    await expect(lesson).toHaveCount(0);
  });

  test('a teacher finds their own playlists and units, and another teacher finds neither', async ({
    page,
    request,
  }) => {
    const word = `Quokka${Date.now().toString(36)}`;
    const password = 'music1234';
    const teacher = await newTeacherWithPlaylist(request, {
      label: 'search-own',
      password,
      playlist: `${word} warm-ups`,
    });
    const { customSchemeBuilders } = await cmsQuery<{
      customSchemeBuilders: {
        audience: { documentId: string; slug: string };
        programme: { documentId: string; slug: string };
        learning_strands: { documentId: string }[];
      }[];
    }>(
      request,
      teacher.token,
      '{ customSchemeBuilders { audience { documentId slug } programme { documentId slug } learning_strands { documentId } } }',
    );
    const builder = customSchemeBuilders[0]!;
    const { createCustomScheme } = await cmsQuery<{ createCustomScheme: { documentId: string } }>(
      request,
      teacher.token,
      'mutation Create($data: CustomSchemeInput!) { createCustomScheme(data: $data) { documentId } }',
      {
        data: {
          title: `${word} summer unit`,
          learning_strands: builder.learning_strands.slice(0, 2).map((strand) => strand.documentId),
          audience: builder.audience.documentId,
          programme: builder.programme.documentId,
        },
      },
    );

    await page.goto('/');
    await openLoginPanel(page);
    await logInThroughPanel(page, teacher.email, password);
    // The device has the teacher's playlists once a sync brought them.
    await page.goto('/playlists');
    await expect(page.getByRole('link', { name: `${word} warm-ups` })).toBeVisible();
    await page.goto(`/search?q=${word.slice(0, 9).toLowerCase()}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: /^Your playlists/ })).toBeVisible();
    await expect(main.getByRole('link', { name: `${word} warm-ups` })).toHaveAttribute(
      'href',
      /^\/playlists\//,
    );
    await expect(main.getByRole('heading', { level: 2, name: /^Your units/ })).toBeVisible();
    await expect(main.getByRole('link', { name: `${word} summer unit` })).toHaveAttribute(
      'href',
      `/${builder.audience.slug}/${builder.programme.slug}/custom-unit/${createCustomScheme.documentId}`,
    );
    await main.getByRole('link', { name: `${word} warm-ups` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${word} warm-ups` })).toBeVisible();

    // Another teacher on the same device finds neither.
    await logOut(page);
    await logInAsSubscriber(page);
    await page.goto(`/search?q=${word.slice(0, 9).toLowerCase()}`);
    await expect(page.getByText(/^No results for/)).toBeVisible();
  });

  test('a subscriber finds the lesson, with its place', async ({ page }) => {
    await logInAsSubscriber(page);
    await page.goto('/search?q=samba%20carnival');
    const result = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({
        has: page.getByRole('link', { name: 'Lesson 4: Samba carnival' }),
      });
    await expect(result).toBeVisible();
    // Its place: programme › unit, each a link, beside the lesson's own.
    await expect(result.getByRole('link')).toHaveCount(3);
    await page.goto('/search?q=samba');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('samba');
    await screenshotBothSizes(page, 'search-results');
  });
});
