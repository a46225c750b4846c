import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { logInAsSubscriber } from './support/session';

/**
 * WCAG 2.4.3 (focus order), 2.4.11 (focus not obscured) and 2.1.4 (character key shortcuts),
 * checked the way a keyboard user meets them: where document.activeElement is after each action,
 * and what covers each Tab stop.
 */

const IDS = /* GraphQL */ `
  query FocusIds {
    programmes(filters: { slug: { eq: "sound-explorers" } }) {
      units {
        documentId
        title
        lessons {
          documentId
          title
        }
      }
    }
    activityPages(filters: { title: { in: ["Hello Song", "Echo Clapping"] } }) {
      documentId
      title
    }
  }
`;

interface Ids {
  programmes: {
    units: {
      documentId: string;
      title: string;
      lessons: { documentId: string; title: string }[];
    }[];
  }[];
  activityPages: { documentId: string; title: string }[];
}

async function seeded(page: Page) {
  const token = await apiLogIn(page.request, DEMO.subscriber.email);
  const data = await cmsQuery<Ids>(page.request, token, IDS);
  const unit = data.programmes[0]!.units.find(
    (candidate) => candidate.title === 'Listening and moving',
  )!;
  const lesson = (title: string) =>
    unit.lessons.find((candidate) => candidate.title === title)!.documentId;
  const activity = (title: string) =>
    data.activityPages.find((candidate) => candidate.title === title)!.documentId;
  return {
    unitPath: `/primary/sound-explorers/unit/${unit.documentId}`,
    pulseSlides: `/primary/sound-explorers/unit/${unit.documentId}/lesson/${lesson('Lesson 2: Pulse everywhere')}/slides`,
    activityPath: (title: string) => `/primary/activities/-/${activity(title)}`,
  };
}

/** What has focus, as a screen reader would name it: role and text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return `${element.tagName.toLowerCase()}: ${(element.textContent ?? '').trim().replace(/\s+/g, ' ')}`;
  });
}

async function expectFocused(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => element === document.activeElement))
    .toBe(true);
}

test.describe('focus order (WCAG 2.4.3)', () => {
  test('a route change moves focus to the new page heading, from the content and from the footer', async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    await page.goto('/primary/sound-explorers');
    await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
    await expectFocused(page.getByRole('heading', { level: 1, name: 'Listening and moving' }));

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect.poll(() => focused(page)).toMatch(/^h1: /);
    // The first load of a page is left to the browser: nothing is moved.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await focused(page)).toBe('body');
  });

  test('entering lesson mode, a sub-slideshow and Back to the main activity land on the slide title', async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    const ids = await seeded(page);
    await page.goto(`${ids.pulseSlides}`);
    await page.getByRole('link', { name: 'Get started' }).click();
    await expectFocused(page.getByRole('heading', { level: 1, name: 'Feel the pulse' }));
    await page.keyboard.press('End');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose your instrument' }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Drums' }).click();
    await expectFocused(page.getByRole('heading', { level: 1, name: 'Drum: find the pulse' }));
    await page.getByRole('link', { name: 'Back to the main activity' }).click();
    await expectFocused(page.getByRole('heading', { level: 1, name: 'Choose your instrument' }));
    // Slide changes by the on-screen controls keep focus on the control.
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Which instrument?' })).toBeVisible();
    await expectFocused(page.getByRole('button', { name: 'Previous slide' }));
  });

  test('Add to playlist steps, editing, Remove, Save Changes and Delete this playlist keep focus in place', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logInAsSubscriber(page);
    const ids = await seeded(page);
    const title = `Focus ${Date.now()}`;

    await page.goto(ids.activityPath('Hello Song'));
    await page
      .getByRole('button', { name: /^Add to playlist/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    await dialog.getByRole('button', { name: 'Create a new playlist' }).click();
    await expectFocused(dialog.getByLabel('Playlist name'));
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expectFocused(dialog.getByRole('radio').first());
    await dialog.getByRole('button', { name: 'Create a new playlist' }).click();
    await page.keyboard.type(title);
    await dialog.getByRole('button', { name: 'Save Playlist' }).click();
    await expectFocused(dialog.getByRole('status').filter({ hasText: 'Added to' }));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(ids.activityPath('Echo Clapping'));
    await page
      .getByRole('button', { name: /^Add to playlist/ })
      .first()
      .click();
    await dialog.getByRole('radio', { name: title }).check();
    await dialog.getByRole('button', { name: 'Add to playlist' }).click();
    await expectFocused(dialog.getByRole('status').filter({ hasText: 'Added to' }));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/playlists');
    await page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${title}$`) }).click();
    await expectFocused(page.getByRole('heading', { level: 1, name: title }));

    // Edit mode: focus goes into the editor, not onto what becomes 'Cancel'.
    await page.getByRole('button', { name: 'Edit playlist contents' }).click();
    await expectFocused(page.getByRole('button', { name: /^Move Hello Song/ }));
    await page.getByRole('button', { name: 'Remove Hello Song' }).click();
    await expectFocused(page.getByRole('button', { name: 'Remove Echo Clapping' }));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectFocused(page.getByRole('button', { name: 'Edit playlist contents' }));

    await page.getByRole('button', { name: 'Edit playlist contents' }).click();
    await page.getByRole('button', { name: 'Remove Echo Clapping' }).click();
    await expectFocused(page.getByRole('button', { name: 'Remove Hello Song' }));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectFocused(page.getByRole('button', { name: 'Edit playlist contents' }));

    await page.getByRole('button', { name: 'Edit playlist details' }).click();
    const details = page.getByRole('dialog', { name: 'Playlist details' });
    await details.getByRole('button', { name: 'Delete this playlist' }).click();
    await details.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page).toHaveURL(/\/playlists$/);
    await expect.poll(() => focused(page)).toMatch(/^h1: /);
  });

  test("'Make available offline' and Remove on /offline move focus to the next control", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logInAsSubscriber(page);
    const ids = await seeded(page);
    await page.goto(ids.unitPath);
    const start = page.getByRole('button', { name: 'Make available offline' });
    await start.click();
    // Cancel while it runs, 'Remove download' once it is stored: never <body>.
    await expect.poll(() => focused(page)).toMatch(/^button: (Cancel|Remove download)/);
    await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({
      timeout: 120_000,
    });
    await expect.poll(() => focused(page)).toMatch(/^button: Remove download/);

    await page.goto('/offline');
    await page.getByRole('button', { name: /^Remove Listening and moving/ }).click();
    await expect(page.getByRole('button', { name: /^Remove Listening and moving/ })).toHaveCount(0);
    await expect.poll(() => focused(page)).not.toBe('body');
    expect(await focused(page)).toMatch(/^(button: Remove|h2: Downloads)/);
  });

  test('a failed registration puts focus on the first field in error', async ({ page }) => {
    await page.goto('/subscribe');
    const form = page.getByRole('form', { name: 'Start your free trial' });
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email address').fill(DEMO.subscriber.email);
    await form.getByLabel('Password').fill('music1234');
    await page.getByRole('button', { name: 'Start your free trial' }).click();
    await expect(page.getByRole('button', { name: 'Start your free trial' })).toBeEnabled();
    // The field the CMS named, or the form's message when it named none.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.activeElement;
          return (
            element?.getAttribute('aria-invalid') === 'true' ||
            element?.getAttribute('role') === 'alert'
          );
        }),
      )
      .toBe(true);
  });

  test("a successful registration puts focus on the 'Account details' heading, not <body>", async ({
    page,
  }) => {
    await page.goto('/subscribe');
    const form = page.getByRole('form', { name: 'Start your free trial' });
    await form.getByLabel('First name').fill('Fanny');
    await form.getByLabel('Last name').fill('Mendelssohn');
    await form
      .getByLabel('Email address')
      .fill(`focus-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.school`);
    await form.getByLabel('Password').fill('easter1828');
    // By keyboard, as the teacher would: the submit button is disabled while the account is made,
    // so without the form's own focus move the page would leave focus on <body>.
    await page.getByRole('button', { name: 'Start your free trial' }).focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: 'Account details' });
    await expect(heading).toBeVisible();
    await expectFocused(heading);
    expect(await focused(page)).toBe('h1: Account details');
  });
});

/** Every Tab stop from the start of the page: the focused element's box, and what is drawn at three of its points. */
async function tabStopsCovered(page: Page, stops: number) {
  const covered: string[] = [];
  for (let press = 0; press < stops; press += 1) {
    await page.keyboard.press('Tab');
    const hidden = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return null;
      const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
      const points = [box.top + 4, box.top + box.height / 2, box.bottom - 4].map((y) =>
        Math.min(Math.max(y, 0), innerHeight - 1),
      );
      const blocked = points.some((y) => {
        const hit = document.elementFromPoint(x, y);
        return (
          hit !== null &&
          hit !== element &&
          !element.contains(hit) &&
          !(hit instanceof HTMLElement && hit.contains(element))
        );
      });
      return blocked
        ? `${element.tagName.toLowerCase()}: ${(element.textContent || element.getAttribute('aria-label') || '').trim()}`
        : null;
    });
    if (hidden) covered.push(hidden);
  }
  return covered;
}

test.describe('focus not obscured (WCAG 2.4.11)', () => {
  test('with the phone menu open no Tab stop is behind the menu panel', async ({ page }) => {
    await logInAsSubscriber(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/primary/sound-explorers');
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await tabStopsCovered(page, 30)).toEqual([]);
  });

  test('in lesson mode at 390x844 no Tab stop is under the bars', async ({ page }) => {
    await logInAsSubscriber(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const ids = await seeded(page);
    await page.goto(ids.pulseSlides);
    await page.getByRole('link', { name: 'Get started' }).click();
    for (let slide = 0; slide < 5; slide += 1) {
      expect(await tabStopsCovered(page, 25), `slide ${slide + 1}`).toEqual([]);
      await page.keyboard.press('ArrowRight');
    }
  });
});

test.describe('character key shortcuts (WCAG 2.1.4)', () => {
  test('full screen has no single-key shortcut: F does nothing, Ctrl+Shift+F toggles it, and the keys are listed', async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    const ids = await seeded(page);
    await page.goto(ids.pulseSlides);
    await page.getByRole('link', { name: 'Get started' }).click();
    const title = page.getByRole('heading', { level: 1, name: 'Feel the pulse' });
    await expect(title).toBeVisible();
    const fullScreen = () => page.evaluate(() => document.fullscreenElement !== null);

    for (const place of [page.getByRole('link', { name: 'Exit lesson mode' }), title]) {
      await place.focus();
      await page.keyboard.press('f');
      await page.keyboard.press('Shift+F');
      expect(await fullScreen()).toBe(false);
    }
    await page.keyboard.press('Control+Shift+F');
    await expect.poll(fullScreen).toBe(true);
    await expectFocused(title);
    await page.keyboard.press('Control+Shift+F');
    await expect.poll(fullScreen).toBe(false);
    await expectFocused(title);

    const help = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await help.click();
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Full screen on or off', { exact: true })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Ctrl+Shift+F' })).toBeVisible();
    await expect(page.getByText('Next slide', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'the keyboard shortcuts help');
    await page.keyboard.press('Escape');
    await expect(help).toHaveAttribute('aria-expanded', 'false');
  });
});
