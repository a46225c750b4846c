import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.2 AA, the product's bar (docs/accessibility.md), and axe's best practices, which
 * Lighthouse's accessibility score also counts (heading-order: a playlist's cards were h3 under
 * its h1, and Lighthouse scored the page 98).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Fails with a readable list when axe-core finds any violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, context = ''): Promise<void> {
  // Judge the settled page: a dialog still fading in (300 ms) has text over a half-transparent
  // background, which axe measures as low contrast. Endless animations (the spinner) never settle.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
  );
  expect(summary, `axe-core violations${context ? ` on ${context}` : ''}`).toEqual([]);
}
