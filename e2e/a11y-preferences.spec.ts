import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { seededLessonSlideshows } from './support/seeded-slideshows';
import { storeSubscriberSession } from './support/session';
import { pickUpWithKeyboard } from './support/keyboard-drag';

// Advisory: what the teacher's system settings ask for is honoured. Forced colours (Windows high
// contrast): lesson mode's unavailable '<' looks unavailable, and the sync dot stays visible.
// Reduced motion: reordering a playlist does not slide its items.

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test.describe('system preferences', () => {
  test("in forced colours the first slide's '<' looks unavailable and the sync dot stays visible", async ({
    page,
  }) => {
    await storeSubscriberSession(page);
    await page.emulateMedia({ forcedColors: 'active' });
    const walks = await seededLessonSlideshows(page.request);
    await page.goto(walks[0]!.firstSlidePath);
    const previous = page.getByRole('button', { name: 'Previous slide' });
    const next = page.getByRole('button', { name: 'Next slide' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await expect(next).not.toHaveAttribute('aria-disabled', 'true');
    expect(
      await style(previous, 'color'),
      "'<' (unavailable) and '>' in different colours",
    ).not.toBe(await style(next, 'color'));
    expect(await style(previous, 'border-top-color')).not.toBe(
      await style(next, 'border-top-color'),
    );

    await page.goto('/playlists');
    const pill = page
      .getByRole('banner')
      .getByRole('status')
      .filter({ hasText: /^(Online|Offline),/ });
    await expect(pill).toBeVisible();
    // The dot is drawn: a ring in a colour other than the pill's own background.
    const dot = await pill.evaluate((status) => {
      const element = status.querySelector('[aria-hidden="true"]')!;
      const own = getComputedStyle(element);
      const pillBackground = getComputedStyle(status).backgroundColor;
      return {
        ring: Number.parseFloat(own.borderTopWidth) >= 1 && own.borderTopStyle !== 'none',
        filled:
          own.backgroundColor !== pillBackground && own.backgroundColor !== 'rgba(0, 0, 0, 0)',
      };
    });
    expect(dot.ring || dot.filled, 'the sync dot is visible in forced colours').toBe(true);
    expect(dot.ring, 'the sync dot has a ring in forced colours').toBe(true);
  });

  test('with reduced motion a keyboard reorder moves the items without sliding them', async ({
    page,
  }) => {
    await storeSubscriberSession(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/playlists');
    await page
      .getByRole('link', { name: /^View Playlist/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Edit playlist contents' }).click();
    const handles = page.getByRole('button', { name: /^Move .* \(position \d+ of \d+\)$/ });
    await expect(handles.first()).toBeVisible();
    await pickUpWithKeyboard(page, handles.first());
    await page.keyboard.press('ArrowDown');
    // While the item is carried, every item that makes room for it moves without a transition.
    const items = page.getByRole('list').filter({ has: handles.first() }).getByRole('listitem');
    await expect
      .poll(() =>
        items.evaluateAll((elements) => elements.some((element) => element.style.transform !== '')),
      )
      .toBe(true);
    const durations = await items.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).transitionDuration),
    );
    expect(
      durations.every((duration) =>
        duration.split(',').every((part) => Number.parseFloat(part) === 0),
      ),
      `transitions: ${durations.join(' | ')}`,
    ).toBe(true);
    await page.keyboard.press('Escape');
  });
});
