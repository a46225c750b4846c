import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures';
import { storeSubscriberSession } from './support/session';

// The header at every width (the greeting shown at 992–1439 px, the brand clear of the sync pill,
// 'Menu' whole at 320 px) and the phone menu behaving like an overlay.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  expect(found, `${locator.toString()} has a box`).not.toBeNull();
  return found!;
};
/** The horizontal space between two boxes on one row (negative when they overlap). */
const gapBetween = (left: Box, right: Box) => right.x - (left.x + left.width);

const header = (page: Page) => page.getByRole('banner');
const menuToggle = (page: Page) => page.getByRole('button', { name: 'Menu' });
const greeting = (page: Page) => page.getByText('Welcome back, Ada Lovelace!');

test.describe('the site header', () => {
  test('shows the greeting at every width with room for it, with the brand clear of the sync pill', async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await storeSubscriberSession(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/primary');
    await expect(greeting(page)).toBeVisible();
    const brand = header(page).getByRole('link', { name: 'Music Classroom' });
    // The sync pill: its status sentence starts 'Online, …' or 'Offline, …'.
    const pill = header(page)
      .getByRole('status')
      .filter({ hasText: /^(Online|Offline),/ });

    for (const width of [1024, 1280, 390, 1440, 1920, 992, 768, 320]) {
      await page.setViewportSize({ width, height: width < 992 ? 844 : 900 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `the page scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      const brandBox = await box(brand);
      const pillBox = await box(pill.first());
      expect(
        gapBetween(brandBox, pillBox),
        `brand and sync pill at ${width}px`,
      ).toBeGreaterThanOrEqual(8);

      if (width < 992) {
        // The phone header: the menu toggle is whole, inside the screen, on the brand's row.
        const toggleBox = await box(menuToggle(page));
        expect(
          toggleBox.x + toggleBox.width,
          `'Menu' inside the screen at ${width}px`,
        ).toBeLessThanOrEqual(width);
        // The pill sits on the search field's row, after the field, inside the screen.
        const fieldBox = await box(header(page).getByRole('searchbox', { name: 'Search' }));
        expect(
          Math.abs(pillBox.y + pillBox.height / 2 - (fieldBox.y + fieldBox.height / 2)),
          `sync pill on the field's row at ${width}px`,
        ).toBeLessThan(2);
        expect(
          gapBetween(fieldBox, pillBox),
          `field and sync pill at ${width}px`,
        ).toBeGreaterThanOrEqual(4);
        expect(
          pillBox.x + pillBox.width,
          `sync pill inside the screen at ${width}px`,
        ).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/header-${width}.png` });
        await menuToggle(page).click();
        await expect(greeting(page)).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/header-${width}-menu.png` });
        await page.keyboard.press('Escape');
        continue;
      }
      await expect(greeting(page), `greeting at ${width}px`).toBeVisible();
      const greetingBox = await box(greeting(page));
      expect(greetingBox.width, `greeting is readable, not clipped, at ${width}px`).toBeGreaterThan(
        100,
      );
      expect(
        greetingBox.x + greetingBox.width,
        `greeting inside the screen at ${width}px`,
      ).toBeLessThanOrEqual(width);
      // Nothing in the bar overlaps the greeting: the last audience or fixed link ends before it.
      const links = header(page).getByRole('list').first().getByRole('listitem');
      const last = await box(links.last());
      if (Math.abs(last.y - greetingBox.y) < greetingBox.height) {
        expect(
          gapBetween(last, greetingBox),
          `menu and greeting at ${width}px`,
        ).toBeGreaterThanOrEqual(0);
      }
      await page.screenshot({ path: `${SHOTS}/header-${width}.png` });
    }
  });

  test('the search field stays where it is while the menu and the sync pill arrive', async ({
    browser,
    faults,
  }) => {
    // A click aimed at the field while the menu loads must land on it: the field may not move when
    // the menu (the shell's one query) or a teacher's sync pill (its own chunk) takes its place,
    // nor when the pill's text grows ('Offline'). Below 992 px the pill shares the field's row, so
    // there the field's start, row and height are compared, not its width.
    const place = (found: Box, width: number) =>
      width < 992 ? { x: found.x, y: found.y, height: found.height } : found;
    for (const width of [1440, 1000, 436, 380, 320]) {
      const settled: Partial<Record<'visitor' | 'teacher', Box>> = {};
      for (const who of ['visitor', 'teacher'] as const) {
        const context = await browser.newContext({ viewport: { width, height: 844 } });
        const page = await context.newPage();
        if (who === 'teacher') await storeSubscriberSession(page);
        await faults.set([
          { fault: 'hold', path: '/graphql', bodyIncludes: 'query AudiencesAndProgrammes' },
        ]);
        await page.goto('/primary');
        const field = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
        await expect(header(page).locator('.spinner')).toBeVisible();
        if (who === 'teacher')
          await expect(
            header(page)
              .getByRole('status')
              .filter({ hasText: /^(Online|Offline),/ }),
          ).toHaveCount(1);
        const loading = await box(field);
        await faults.release();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        const arrived = await box(field);
        expect(
          place(arrived, width),
          `the field while the menu loads and after, ${who} at ${width}px`,
        ).toEqual(place(loading, width));
        settled[who] = arrived;
        if (who === 'teacher') {
          await context.setOffline(true);
          await expect(
            header(page)
              .getByRole('status')
              .filter({ hasText: /^Offline/ }),
          ).toHaveCount(1);
          expect(place(await box(field), width), `the field offline at ${width}px`).toEqual(
            place(arrived, width),
          );
          await context.setOffline(false);
        }
        await context.close();
      }
      expect(
        place(settled.teacher!, width),
        `the field for a visitor and a teacher at ${width}px`,
      ).toEqual(place(settled.visitor!, width));
    }
  });

  test('the phone menu closes on Escape, on a tap outside, and when the login panel opens from it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/primary');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const logIn = nav.getByRole('button', { name: 'Log In' });

    await menuToggle(page).click();
    await expect(logIn).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(logIn).toBeHidden();
    await expect(menuToggle(page)).toBeFocused();
    await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false');

    await menuToggle(page).click();
    await expect(logIn).toBeVisible();
    // A tap on the page beside the panel (the panel is on the right).
    await page.mouse.click(10, 600);
    await expect(logIn).toBeHidden();

    await menuToggle(page).click();
    await logIn.click();
    const dialog = page.getByRole('dialog', { name: /Log in to/ });
    await expect(dialog).toBeVisible();
    await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(logIn).toBeHidden();

    // After a reset request the panel still has a way out, and focus comes back to the header.
    await dialog.getByRole('button', { name: 'Forgotten your password?' }).click();
    await dialog.getByLabel('Email address').fill('nobody-here@e2e.school');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(
      dialog.getByText('An email with instructions to reset your password has been sent to you.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(menuToggle(page)).toBeFocused();
  });

  test('a failed login says so plainly, and the button says what it is doing', async ({
    page,
    faults,
  }) => {
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: /Log in to/ });
    await dialog.getByLabel('Email address').fill(DEMO.subscriber.email);
    await dialog.getByLabel('Password').fill('not-the-password');
    // Hold the request on the wire so the working state can be seen (the CMS itself answers).
    await faults.set([{ fault: 'hold', method: 'POST', path: '/api/auth/local' }]);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(dialog.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    await faults.release();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The e-mail address or password is not right. Check both and try again.',
    );
    await expect(dialog.getByText('Invalid identifier or password')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });
});
