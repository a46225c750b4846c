import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { errorPanel, loadingSpinner } from './support/roles';
import { waitForServiceWorker } from './support/session';
import { screenshotBothSizes } from './support/screenshots';

/**
 * The content walk for the families other specs do not walk: home with a welcome message,
 * audiences, the secondary family (home, key-stage landing pages, project), SEND, the libraries
 * (activity filter, audio), and the legal pages with a seeded XSS payload. Each page: the spec's
 * texts and link targets, no console errors, axe, screenshots at desktop and phone size; then
 * every page visited renders again offline after a reload, from the service worker.
 */

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // DOMPurify parses CMS HTML in an inert DOMParser document; Chromium still reports the
    // inline handlers it meets there against the page's CSP, although nothing runs (the legal
    // page below checks that nothing did). That report is the CSP at work, not a page error.
    if (
      /Executing inline event handler violates the following Content Security Policy/.test(
        message.text(),
      )
    )
      return;
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

test.describe('content pages', () => {
  test('audiences, the secondary family, libraries and legal pages, online then offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    const errors = watchConsole(page);
    /** Each page with the heading it must show, to revisit offline. */
    const visited: [string, string | RegExp][] = [];
    const check = async (path: string, title: string | RegExp, screenshot: string) => {
      await expect(heading(page, title)).toBeVisible();
      await expect(loadingSpinner(page)).toHaveCount(0);
      await expectNoAxeViolations(page, path);
      await screenshotBothSizes(page, screenshot);
      visited.push([path, title]);
    };

    // Home with the welcome message for a new registration.
    await page.goto('/welcome/new_registration');
    await expect(page.getByText('Welcome! Your free trial has started.')).toBeVisible();
    // Every page is revisited offline, so each must pass through the worker's GraphQL cache.
    await waitForServiceWorker(page);
    await check('/welcome/new_registration', /\S/, 'home-welcome');

    // An audience: released programmes link by the feature box's target, a preview is greyed.
    await page.goto('/primary');
    await expect(page.getByRole('link', { name: /Sound Explorers/ }).first()).toHaveAttribute(
      'href',
      '/primary/sound-explorers',
    );
    await expect(
      page
        .locator('main a[href="/primary/orchestra-live"], main a[href="/live/orchestra-live"]')
        .first(),
    ).toBeVisible();
    // A preview box: shown by name, greyed, with no link to follow.
    const preview = page
      .getByRole('main')
      .getByRole('article', { name: 'Future Voices', exact: true });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('link')).toHaveCount(0);
    await check('/primary', 'Primary', 'audience');

    // The secondary family: home, a key-stage landing page, its link on to KS4 and a project.
    await page.goto('/secondary');
    await check('/secondary', 'Secondary', 'secondary-home');
    await page.goto('/secondary/ks-3');
    const ks4 = page.locator('main a[href$="/ks4"]').first();
    await expect(ks4).toBeVisible();
    await check('/secondary/ks-3', /\S/, 'landing-ks3');
    await ks4.click();
    await expect(page).toHaveURL(/\/ks4$/);
    const project = page.locator('main a[href*="sound-of-the-city"]').first();
    await expect(project).toBeVisible();
    await project.click();
    await expect(heading(page, 'Sound of the City')).toBeVisible();
    const projectPath = new URL(page.url()).pathname;
    const projectActivity = page.locator('main a[href*="/activity/"]').first();
    await expect(projectActivity).toHaveAttribute(
      'href',
      new RegExp(`^${projectPath}/activity/\\w+$`),
    );
    await check(projectPath, 'Sound of the City', 'project');

    await page.goto('/send');
    await check('/send', 'SEND', 'audience-send');

    // Libraries: the activity library filters by title, with the spec's text for no match.
    await page.goto('/primary/sound-explorers/activities');
    await check('/primary/sound-explorers/activities', /\S/, 'activity-library');
    await page.goto('/primary/sound-explorers/activities?title=zzzz-nothing');
    await expect(page.getByText(/No activities found matching/)).toBeVisible();
    await page.goto('/primary/sound-explorers/audio');
    await check('/primary/sound-explorers/audio', /\S/, 'audio-library');
    // A library lists collections and pages; follow 'Listen' links down to an audio page.
    // Each page is judged once it has shown its players or its links, not while the last one is
    // still on screen.
    const playersOrLinks = page.locator('main audio, main a[href*="/audio/"]').first();
    for (let depth = 0; depth < 3; depth += 1) {
      await expect(loadingSpinner(page)).toHaveCount(0);
      await expect(playersOrLinks).toBeAttached();
      if ((await page.locator('main audio').count()) > 0) break;
      const from = page.url();
      await page.locator('main a[href*="/audio/"]').first().click();
      await page.waitForURL((url) => url.href !== from);
      await expect(heading(page, /\S/)).toBeVisible();
    }
    await expect(page.locator('main audio').first()).toBeAttached();
    await expect(page.getByRole('button', { name: /^Add to playlist/ }).first()).toBeVisible();
    await check(new URL(page.url()).pathname, /\S/, 'audio-page');

    // Legal pages (rich text with hostile markup is e2e/security.spec.ts's XSS lab, not the demo).
    await page.goto('/privacy');
    await check('/privacy', /\S/, 'privacy');
    await page.goto('/terms-and-conditions');
    await check('/terms-and-conditions', /\S/, 'terms');
    expect(errors).toEqual([]);

    // Offline: each page renders again after a reload (the worker's GraphQL cache).
    await context.setOffline(true);
    for (const [path, title] of visited) {
      await page.goto(path);
      await expect(heading(page, title), `${path} offline`).toBeVisible();
      await expect(errorPanel(page)).toHaveCount(0);
    }
    await context.setOffline(false);
  });
});
