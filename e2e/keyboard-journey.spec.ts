import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures';
import { playlistEditorTitles, slideCounter } from './support/roles';
import { dragAnnouncements } from './support/keyboard-drag';

/**
 * The keyboard-only journey: log in, open a programme, start a lesson, step through it, add an
 * activity to a playlist and reorder it, with Tab, Shift+Tab, Enter, Space, arrows and typing
 * only. Locators are used to check where focus is, never to click.
 */

async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Focus is visible wherever it lands: an outline or a box shadow on the focused element. */
async function expectVisibleFocus(page: Page) {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'none';
    const style = getComputedStyle(element);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
      ? 'outline'
      : style.boxShadow !== 'none'
        ? 'shadow'
        : 'none';
  });
  expect(ring).not.toBe('none');
}

test('a teacher uses the product with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const title = `Keyboard ${Date.now()}`;
  await page.goto('/');

  // Log in.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log In' }),
  );
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const login = page.getByRole('dialog', { name: /Log in to/ });
  await tabTo(page, login.getByLabel('Email address'), 10);
  await page.keyboard.type(DEMO.subscriber.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO.subscriber.password);
  await page.keyboard.press('Enter');
  await expect(login).toBeHidden();

  // A playlist to add to, made from the playlists page.
  await page.goto('/playlists');
  await tabTo(page, page.getByRole('button', { name: 'Create a new playlist' }));
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Playlist details' });
  await expect(details.getByLabel('Playlist name')).toBeFocused();
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(details).toBeHidden();

  // Programme → unit → lesson → lesson mode, stepping with the arrow keys.
  await page.goto('/primary/sound-explorers');
  await tabTo(
    page,
    page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }),
  );
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Lesson 1: Hello, music' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lesson 1: Hello, music' }),
  ).toBeVisible();
  const lessonUrl = page.url();
  await tabTo(page, page.getByRole('link', { name: 'Start Lesson' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Get started' }));
  await page.keyboard.press('Enter');
  const counter = slideCounter(page);
  await expect(counter).toHaveText(/^Slide 1 of \d+/);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(/^Slide 2 of \d+/);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(/^Slide 1 of \d+/);
  await tabTo(page, page.getByRole('link', { name: 'Exit lesson mode' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(lessonUrl);

  // Add two activities of the lesson to the playlist.
  for (const index of [0, 1]) {
    const activity = page
      .getByRole('main')
      .getByRole('region', { name: 'Activities', exact: true })
      .getByRole('link')
      .nth(index);
    await tabTo(page, activity);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: /^Add to playlist/ }).first());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    // The teacher's playlists come from the device and the CMS a moment after the dialog opens;
    // Tab before they are there cycles through the dialog's buttons only.
    await expect(dialog.getByRole('radio', { name: title })).toBeVisible();
    // Tab enters a radio group at its checked radio (or the first when none is checked).
    for (
      let presses = 0;
      presses < 20 &&
      !(await page.evaluate(
        () => (document.activeElement as HTMLInputElement | null)?.type === 'radio',
      ));
      presses += 1
    ) {
      await page.keyboard.press('Tab');
    }
    // Arrow keys move through a radio group; stop on the new playlist (the demo teacher may have
    // many playlists by now: the other specs make theirs too).
    // The list may still grow while it is walked (the sync brings the other specs' playlists), so
    // each press is checked, not counted in advance; focus must stay in the group throughout.
    await expect(async () => {
      expect(
        await page.evaluate(
          () => (document.activeElement as HTMLInputElement | null)?.type === 'radio',
        ),
        'focus stays on the radio group',
      ).toBe(true);
      if (await dialog.getByRole('radio', { name: title }).isChecked()) return;
      await page.keyboard.press('ArrowDown');
      throw new Error(`'${title}' is not checked yet`);
    }).toPass({ timeout: 15_000, intervals: [0] });
    await expect(dialog.getByRole('radio', { name: title })).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Add to playlist' }), 10);
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(/Added to/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.goBack();
  }

  // Reorder: pick the second item up with Space, move it above the first, drop it.
  await page.goto('/playlists');
  await tabTo(page, page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${title}$`) }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Edit playlist contents' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Playlist items, in order' })).toBeVisible();
  const titles = () => playlistEditorTitles(page);
  const before = await titles();
  expect(before).toHaveLength(2);
  await tabTo(page, page.getByRole('button', { name: new RegExp(`^Move ${before[1]}`) }), 30);
  await expectVisibleFocus(page);
  // Each step waits for what dnd-kit says, as a screen-reader user would hear it: keys pressed
  // before the pick-up has taken hold are not moves (a loaded run dropped the item where it was).
  const announced = dragAnnouncements(page);
  await page.keyboard.press('Space');
  await expect(announced).toContainText(`Picked up ${before[1]}, position 2 of 2.`);
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(announced).toContainText(`${before[1]} is over position 1 of 2.`, {
      timeout: 1_000,
    });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(announced).toContainText(`${before[1]} dropped at position 1 of 2.`);
  await expect.poll(titles).toEqual([before[1], before[0]]);
  await tabTo(page, page.getByRole('button', { name: 'Save Changes' }), 30);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Edit playlist contents' })).toBeVisible();
});
