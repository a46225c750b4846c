import { expect, type Locator, type Page } from '@playwright/test';

/** dnd-kit's live region: what a screen reader hears while an item is carried. */
export const dragAnnouncements = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Picks an item up with Space, as a keyboard user does, and returns once arrows move it: dnd-kit's
 * keyboard sensor listens for them from a timer set after the pick-up is announced, so arrows
 * pressed before are lost (a loaded machine moved an item one place of two).
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(dragAnnouncements(page)).toHaveText(/^Picked up /);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}
