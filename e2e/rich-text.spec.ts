import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { storeSubscriberSession } from './support/session';

// Rich text shows as written: the CMS's rich-text fields are Markdown, and what an editor writes
// with the toolbar (here bold, a list and a link, seeded in the samba lesson's introduction and
// its first slide) is what a teacher sees, on the page and projected.

/** Bold, a bulleted list and a link to another site, rendered and not shown as raw Markdown. */
async function expectRendered(
  area: Locator,
  { bold, items, link }: { bold: string; items: string[]; link: { name: string; href: string } },
) {
  const strong = area.getByText(bold, { exact: true });
  await expect(strong).toBeVisible();
  await expect(strong).toHaveCSS('font-weight', '700');
  await expect(area.getByText(/\*\*|\]\(|^- /)).toHaveCount(0);

  // An inner locator of `has` is matched inside the list, so it starts from the page.
  const item = area.page().getByRole('listitem').filter({ hasText: items[0] });
  const list = area.getByRole('list').filter({ has: item });
  await expect(list.getByRole('listitem')).toHaveText(items);

  const anchor = area.getByRole('link', { name: `${link.name} (opens in a new tab)` });
  await expect(anchor).toHaveAttribute('href', link.href);
  await expect(anchor).toHaveAttribute('target', '_blank');
  await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
}

test('bold, a list and a link written in the CMS show as written on the lesson page and in lesson mode', async ({
  page,
}) => {
  await storeSubscriberSession(page);
  await page.goto('/primary/rhythm-makers');
  await page.getByRole('link', { name: /^View unit of work.*Pulse and rhythm$/ }).click();
  await page.getByRole('link', { name: 'Lesson 4: Samba carnival' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lesson 4: Samba carnival' }),
  ).toBeVisible();

  const main = page.getByRole('main');
  // Two Markdown paragraphs stay two paragraphs (a blank line between them in the CMS).
  await expect(
    main.getByRole('paragraph').filter({ hasText: /^A full hour of samba/ }),
  ).not.toContainText('Works best');
  await expectRendered(main, {
    bold: 'Works best in the hall',
    items: [
      'a whistle for the leader',
      'untuned percussion: surdo, caixa, agogô and tamborim',
      'speakers for the recordings',
    ],
    link: { name: 'the story of samba', href: 'https://en.wikipedia.org/wiki/Samba' },
  });
  await screenshotBothSizes(page, 'rich-text-lesson');

  await page.getByRole('link', { name: 'Start Lesson' }).click();
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to the carnival' }),
  ).toBeVisible();
  await expectRendered(page.getByRole('main'), {
    bold: 'samba band',
    items: ['one long blast: start playing', 'two short blasts: stop together'],
    link: { name: 'Where samba comes from', href: 'https://en.wikipedia.org/wiki/Samba' },
  });
  await screenshotBothSizes(page, 'rich-text-slide');
});
