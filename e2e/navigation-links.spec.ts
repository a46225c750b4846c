import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Every menu link and every feature box of every audience leads to a page, never to a not-found
// one (such as a live programme's link built under the audience, or a /secondary/{slug} that only
// knows landing pages).

const NOT_FOUND = /^(Lost\?|.* not found)$/;

/** The page's main heading once it has loaded (a not-found page has one too). */
async function headingAt(page: Page, href: string): Promise<string> {
  await page.goto(href);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  return ((await heading.textContent()) ?? '').trim();
}

async function hrefs(page: Page, selector: string): Promise<string[]> {
  const all = await page
    .locator(selector)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  // Pages only: a box's document link opens a file, not a page.
  return [
    ...new Set(
      all.filter((href) => href.startsWith('/') && !/^\/(documents|uploads)\//.test(href)),
    ),
  ];
}

test('every menu link and every audience feature box leads to a page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = await hrefs(page, 'nav[aria-label="Main"] .nav-dropdown__list a');
  expect(menu.length, 'the seeded menu has links').toBeGreaterThan(8);
  const audiences = menu.filter((href) => /^\/[^/]+$/.test(href));

  const boxes: string[] = [];
  for (const audience of audiences) {
    await page.goto(audience);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    boxes.push(...(await hrefs(page, 'main .feature-box a.button')));
  }
  expect(boxes.length, 'the seeded audiences have feature boxes').toBeGreaterThan(4);

  const dead: string[] = [];
  for (const href of [...new Set([...menu, ...boxes])]) {
    const heading = await headingAt(page, href);
    if (NOT_FOUND.test(heading)) dead.push(`${href} → ${heading}`);
  }
  expect(dead).toEqual([]);
  // The ones that were dead, by name, so a reseed cannot make this pass by leaving them out.
  for (const live of ['Orchestra Live', 'Relaxed performances', 'Sound of the City']) {
    await page.goto('/');
    const link = page
      .locator('nav[aria-label="Main"] .nav-dropdown__list a', { hasText: live })
      .first();
    const href = await link.getAttribute('href');
    expect(href, `${live} is in the menu`).toBeTruthy();
    expect(await headingAt(page, href!)).not.toMatch(NOT_FOUND);
  }
});

test("any address that leads nowhere shows the spec's 'Lost?' page", async ({ page }) => {
  for (const href of [
    '/no-such-page/at-all',
    '/primary/no-such-programme',
    '/secondary/no-such-page',
    '/live/no-such-programme',
  ]) {
    expect(await headingAt(page, href), href).toBe('Lost?');
    await expect(page.getByText('That page could not be found')).toBeVisible();
  }
});
