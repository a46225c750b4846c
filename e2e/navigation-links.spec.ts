import type { Locator, Page } from '@playwright/test';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { accessibleNames } from './support/roles';
import { storeSubscriberSession } from './support/session';

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

/** The links' text and address, in order. */
async function linksOf(links: Locator): Promise<{ text: string; href: string }[]> {
  return links.evaluateAll((elements) =>
    elements.map((link) => ({
      text: link.textContent ?? '',
      href: link.getAttribute('href') ?? '',
    })),
  );
}

/** Pages only: a box's document link opens a file, not a page. */
function pages(hrefs: string[]): string[] {
  return [
    ...new Set(
      hrefs.filter((href) => href.startsWith('/') && !/^\/(documents|uploads)\//.test(href)),
    ),
  ];
}

/** The links of every dropdown of the Main menu, each dropdown opened as a person opens it. */
async function menuLinks(page: Page): Promise<{ text: string; href: string }[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggles = nav.getByRole('listitem').getByRole('button', { expanded: false });
  const count = await toggles.count();
  const links: { text: string; href: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    await toggles.nth(index).click();
    const open = nav
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { expanded: true }) });
    await expect(open).toHaveCount(1);
    links.push(...(await linksOf(open.getByRole('link'))));
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('button', { expanded: true })).toHaveCount(0);
  }
  return links;
}

/** Each feature box's own link ('Explore: {box title}'), from the boxes named on the page. */
async function featureBoxHrefs(page: Page): Promise<string[]> {
  const main = page.getByRole('main');
  const hrefs: string[] = [];
  for (const title of new Set(await accessibleNames(main, 'article'))) {
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const link = main
      .getByRole('article', { name: title, exact: true })
      .getByRole('link', { name: new RegExp(`: ${escaped}$`) });
    hrefs.push(...(await linksOf(link)).map((entry) => entry.href));
  }
  return pages(hrefs);
}

test('every menu link and every audience feature box leads to a page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const entries = await menuLinks(page);
  const menu = pages(entries.map((entry) => entry.href));
  expect(menu.length, 'the seeded menu has links').toBeGreaterThan(8);
  const audiences = menu.filter((href) => /^\/[^/]+$/.test(href));

  const boxes: string[] = [];
  for (const audience of audiences) {
    await page.goto(audience);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    boxes.push(...(await featureBoxHrefs(page)));
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
    const href = entries.find((entry) =>
      entry.text.toLowerCase().includes(live.toLowerCase()),
    )?.href;
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

test("every breadcrumb link on a secondary programme's unit and lesson leads to a page", async ({
  page,
  request,
}) => {
  // A secondary programme's page sits under a key stage, but its units live under
  // /secondary/{programme}/unit/…: the programme's crumb there is /secondary/{programme}.
  const token = await apiLogIn(request, DEMO.subscriber.email, DEMO.subscriber.password);
  const { programmes } = await cmsQuery<{
    programmes: {
      slug: string;
      title: string;
      units: { documentId: string; lessons: { documentId: string }[] }[];
    }[];
  }>(
    request,
    token,
    `{ programmes(filters: { audience: { slug: { eq: "secondary" } } }) {
        slug title units { documentId lessons { documentId } } } }`,
  );
  const programme = programmes.find((candidate) =>
    candidate.units.some((unit) => unit.lessons.length > 0),
  )!;
  expect(programme, 'a secondary programme with a lesson in the seed').toBeDefined();
  const unit = programme.units.find((candidate) => candidate.lessons.length > 0)!;
  const unitPath = `/secondary/${programme.slug}/unit/${unit.documentId}`;
  await storeSubscriberSession(page);
  for (const path of [unitPath, `${unitPath}/lesson/${unit.lessons[0]!.documentId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: programme.title })).toBeVisible();
    const hrefs = pages((await linksOf(trail.getByRole('link'))).map((link) => link.href));
    for (const href of hrefs) {
      expect(await headingAt(page, href), `${href}, from ${path}`).not.toMatch(NOT_FOUND);
      await page.goto(path);
    }
  }
  // The programme's crumb opens the programme itself, named in its own trail.
  expect(await headingAt(page, `/secondary/${programme.slug}`)).toBe(programme.title);
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(programme.title),
  ).toBeVisible();
});
