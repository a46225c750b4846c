import { expect, type Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Saves full-page screenshots of the page at desktop and phone sizes under
 * test-results/screenshots/ (kept as CI artifacts, and looked at when a page changes), and fails
 * when the page is wider than the viewport at either size (content cut off or sideways scrolling).
 */
export async function screenshotBothSizes(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(
      overflow,
      `${name} at ${label} size scrolls sideways by ${overflow}px`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `test-results/screenshots/${name}-${label}.png`,
      fullPage: true,
    });
  }
  if (original) await page.setViewportSize(original);
}
