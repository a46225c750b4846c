import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { seededLessonSlideshows } from './support/seeded-slideshows';
import { logInAsSubscriber } from './support/session';

// Advisory (WCAG 1.3.1): headings outline each page as it looks, so a lesson page does not jump
// from the 'Activities' h2 straight to h4 cards, and the home page's audience tiles rank below the
// 'Audiences' h2.

/** The levels of the headings in the page's main region, in order. */
const headingLevels = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('heading')
    .evaluateAll((headings) =>
      headings.map((heading) =>
        Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1)),
      ),
    );

/** Every heading is at most one level below the one before it. */
function skips(levels: number[]): string[] {
  return levels.flatMap((level, index) =>
    index > 0 && level > levels[index - 1]! + 1 ? [`h${levels[index - 1]} → h${level}`] : [],
  );
}

test.describe('heading levels', () => {
  test("the home page's audience tiles are headings under 'Audiences'", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const audience of ['Primary', 'Secondary', 'SEND', 'Live']) {
      await expect(
        page.getByRole('heading', { level: 3, name: audience, exact: true }),
      ).toBeVisible();
    }
    expect(skips(await headingLevels(page))).toEqual([]);
  });

  test('no seeded lesson page skips a heading level', async ({ page }) => {
    test.setTimeout(180_000);
    const lessons = [
      ...new Set(
        (await seededLessonSlideshows(page.request)).map((show) =>
          show.firstSlidePath.replace(/\/slides\/.*$/, ''),
        ),
      ),
    ];
    expect(lessons.length).toBeGreaterThan(2);
    await logInAsSubscriber(page);
    for (const lesson of lessons) {
      await page.goto(lesson);
      await expect(
        page.getByRole('heading', { level: 2, name: 'Activities' }).first(),
      ).toBeVisible();
      expect(skips(await headingLevels(page)), lesson).toEqual([]);
    }
  });
});
