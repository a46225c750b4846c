import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { openLoginPanel } from './support/session';

/**
 * WCAG 2.4.3 Focus order, walked as a keyboard user meets it: every dialog and in-place form a
 * teacher can reach is opened, used and closed, and after each action focus is on something
 * visible, never on <body> (the next Tab would start again at 'Skip to content').
 *
 * Two nets catch what the steps below do not name: the page records every dialog that opens and
 * every focus that stays on <body> after the control holding it went away; the walk must have
 * opened as many different dialogs as src/ renders (<Modal or role="dialog"), so a new dialog
 * fails this test until the walk covers it.
 */

const PROGRAMME = '/primary/sound-explorers';
const STRANDS = ['Singing', 'Rhythm and pulse', 'Listening', 'Composing'];

/**
 * Installed before any page script: every dialog that opens (kept in session storage, so the
 * record spans the walk's pages), and whether focus is on <body> because the control holding it
 * went away (a page load leaves it there too, and that is the browser's to do).
 */
function watchFocus() {
  const KEY = 'focus-walk-dialogs';
  const dialogs = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
  let lostFrom: string | null = null;
  const describe = (element: Element | null) =>
    element
      ? `${element.tagName.toLowerCase()}: ${(element.textContent || element.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 60)}`
      : 'nothing';
  const dialogName = (dialog: Element) => {
    const id = dialog.getAttribute('aria-labelledby');
    const heading = id ? document.getElementById(id) : null;
    return (heading?.textContent ?? dialog.getAttribute('aria-label') ?? '').trim();
  };
  const start = () =>
    new MutationObserver((mutations) => {
      for (const { target } of mutations) {
        if (!(target instanceof HTMLDialogElement && target.open)) continue;
        // Its content renders with it, or after a moment ('Loading your playlists…' first). Read
        // at once when it has its name: waiting a frame lost the record of a dialog the walk had
        // already closed, and left, before that frame came (a loaded machine, two workers).
        const record = (frames: number) => {
          const name = dialogName(target);
          if (!name && frames < 120) {
            requestAnimationFrame(() => record(frames + 1));
            return;
          }
          dialogs.push(name || '(no name)');
          sessionStorage.setItem(KEY, JSON.stringify(dialogs));
        };
        record(0);
      }
    }).observe(document.documentElement, {
      subtree: true,
      attributes: true,
      attributeFilter: ['open'],
    });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
  document.addEventListener('focusin', () => (lostFrom = null), true);
  document.addEventListener(
    'focusout',
    (event) => {
      const from = describe(event.target as Element);
      queueMicrotask(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) lostFrom = from;
      });
    },
    true,
  );
  (window as unknown as { focusLost: () => string | null }).focusLost = () => {
    const active = document.activeElement;
    return lostFrom !== null && (active === null || active === document.body) ? lostFrom : null;
  };
}

/**
 * Before each step: focus is not sitting on <body> after the control that held it went away.
 * Polled, as a rescue may wait for a save or a lazy page; a real loss stays and fails here.
 */
async function expectNoLostFocus(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => (window as unknown as { focusLost: () => string | null }).focusLost()),
      { message: 'focus left on <body> by the last action' },
    )
    .toBeNull();
}

const openedDialogs = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('focus-walk-dialogs') ?? '[]') as string[]);

/** Focus is on an element that is not <body>, takes room on screen and is not hidden. */
async function expectFocusKept(page: Page, after: string) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const element = document.activeElement;
          if (!element || element === document.body) return 'body';
          const box = element.getBoundingClientRect();
          const visible =
            box.width > 1 &&
            box.height > 1 &&
            (element as HTMLElement).checkVisibility({ visibilityProperty: true });
          return visible ? 'visible' : `hidden ${element.tagName.toLowerCase()}`;
        }),
      { message: `focus after ${after}` },
    )
    .toBe('visible');
}

async function expectFocused(locator: Locator, after: string) {
  await expect
    .poll(() => locator.evaluate((element) => element === document.activeElement), {
      message: `focus after ${after}`,
    })
    .toBe(true);
}

/** Keyboard: focus the control and press Enter, as a keyboard user works a button. */
async function press(control: Locator) {
  await expectNoLostFocus(control.page());
  await control.focus();
  await control.press('Enter');
}

/** Leaves the page for another only once focus is not left lost on it. */
async function visit(page: Page, path: string) {
  if (page.url().startsWith('http')) await expectNoLostFocus(page);
  await page.goto(path);
}

/** How many different dialogs src/ can render: each <Modal …> and each role="dialog". */
function dialogsInSource(): number {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.tsx')) files.push(path);
    }
  };
  walk('src');
  return files
    .map((file) => readFileSync(file, 'utf8'))
    .reduce(
      (count, text) =>
        count +
        (text.match(/<Modal\b/g) ?? []).length +
        (text.match(/role="dialog"/g) ?? []).length,
      0,
    );
}

async function seeded(page: Page): Promise<{ slides: string; helloSong: string }> {
  const token = await apiLogIn(page.request, DEMO.subscriber.email);
  const data = await cmsQuery<{
    programmes: {
      units: {
        documentId: string;
        title: string;
        lessons: { documentId: string; title: string }[];
      }[];
    }[];
    activityPages: { documentId: string }[];
  }>(
    page.request,
    token,
    `query FocusWalkIds {
      programmes(filters: { slug: { eq: "sound-explorers" } }) {
        units { documentId title lessons { documentId title } }
      }
      activityPages(filters: { title: { eq: "Hello Song" } }) { documentId }
    }`,
  );
  const unit = data.programmes[0]!.units.find((one) => one.title === 'Listening and moving')!;
  const lesson = unit.lessons.find((one) => one.title === 'Lesson 2: Pulse everywhere')!;
  return {
    slides: `${PROGRAMME}/unit/${unit.documentId}/lesson/${lesson.documentId}/slides`,
    helloSong: `/primary/activities/-/${data.activityPages[0]!.documentId}`,
  };
}

test('every dialog and in-place form returns focus to something visible, never <body>', async ({
  page,
  context,
}) => {
  test.setTimeout(360_000);
  await page.addInitScript(watchFocus);
  const { slides, helloSong } = await seeded(page);

  // Subscribe modal: a trial teacher asked to subscribe, after logging in from the gate.
  await visit(page, PROGRAMME);
  await press(page.getByRole('link', { name: 'Your units of work' }));
  const login = page.getByRole('dialog', { name: /Log in to/ });
  await login.getByLabel('Email address').fill(DEMO.trial.email);
  await login.getByLabel('Password').fill(DEMO.trial.password);
  await login.getByLabel('Password').press('Enter');
  const subscribe = page.getByRole('dialog', { name: 'Subscribe' });
  await expect(subscribe).toBeVisible();
  await press(subscribe.getByRole('button', { name: 'Close', exact: true }));
  await expect(subscribe).toBeHidden();
  await expectFocusKept(page, 'closing the subscribe modal');
  await page.evaluate(() => localStorage.clear());

  // The login panel, by keyboard: the 'Log In' that opened it is gone once logged in.
  await visit(page, '/');
  await openLoginPanel(page);
  await expect(login).toBeVisible();
  await login.getByLabel('Email address').fill(DEMO.subscriber.email);
  await login.getByLabel('Password').fill(DEMO.subscriber.password);
  await login.getByLabel('Password').press('Enter');
  await expect(login).toBeHidden();
  await expectFocusKept(page, 'a keyboard login');
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.activeElement?.textContent?.trim()),
    'the Tab after logging in goes on from the page, not from the top',
  ).not.toBe('Skip to content');

  // Account details, in place on /subscribe.
  await visit(page, '/subscribe');
  await press(page.getByRole('button', { name: 'Edit account details' }));
  await expectFocused(page.getByLabel(/^Title/), "'Edit account details'");
  const firstName = page.getByLabel(/^First name/);
  const first = await firstName.inputValue();
  await firstName.fill('');
  await press(page.getByRole('button', { name: 'Save details' }));
  await expectFocused(firstName, "'Save details' with no first name");
  await expect(firstName).toHaveAccessibleDescription('Enter your first name');
  await firstName.fill(first);
  await press(page.getByRole('button', { name: 'Save details' }));
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  await expectFocused(page.getByRole('button', { name: 'Edit again' }), "'Save details'");
  await press(page.getByRole('button', { name: 'Edit again' }));
  await expectFocused(page.getByLabel(/^Title/), "'Edit again'");
  await press(page.getByRole('button', { name: 'Cancel' }));
  await expectFocused(page.getByRole('button', { name: 'Edit account details' }), "'Cancel'");
  await press(page.getByRole('button', { name: 'Change password' }));
  await expect(page.getByText('requesting password change...')).toHaveCount(0);
  await expectFocusKept(page, "'Change password'");
  const removeMember = page.getByRole('button', { name: /^Remove member/ }).first();
  if (await removeMember.isVisible()) {
    await press(removeMember);
    await expectFocused(page.getByRole('button', { name: 'Yes, remove' }), "'Remove member'");
    await press(page.getByRole('button', { name: 'Keep', exact: true }));
    await expectFocused(removeMember, "'Keep'");
  }

  // Playlist details: create, then (below) edit and delete.
  const title = `Focus walk ${Date.now()}`;
  await visit(page, '/playlists');
  await press(page.getByRole('button', { name: /Create (a new|your first) playlist/ }).first());
  const details = page.getByRole('dialog', { name: 'Playlist details' });
  await details.getByLabel(/Playlist name/).fill(title);
  await details.getByLabel(/Playlist name/).press('Enter');
  await expect(details).toBeHidden();
  await expectFocusKept(page, "'Save Playlist' for a new playlist");

  // Add to playlist: each step, Cancel, and adding.
  await visit(page, helloSong);
  const add = page.getByRole('button', { name: /^Add to playlist/ }).first();
  await press(add);
  const adding = page.getByRole('dialog', { name: 'Add to playlist' });
  await press(adding.getByRole('button', { name: 'Create a new playlist' }));
  await expectFocused(adding.getByLabel(/Playlist name/), "'Create a new playlist'");
  await press(adding.getByRole('button', { name: 'Back' }));
  await expectFocusKept(page, "'Back'");
  await press(adding.getByRole('button', { name: 'Cancel' }));
  await expect(adding).toBeHidden();
  await expectFocused(add, "'Cancel' in Add to playlist");
  await press(add);
  await adding.getByRole('radio', { name: title }).check();
  await press(adding.getByRole('button', { name: 'Add to playlist' }));
  await expectFocusKept(page, "'Add to playlist'");
  await press(adding.getByRole('button', { name: 'Close' }));
  await expect(adding).toBeHidden();
  await expectFocusKept(page, "'Close' after adding");

  await visit(page, '/playlists');
  await page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${title}$`) }).click();
  await press(page.getByRole('button', { name: 'Edit playlist details' }));
  await press(details.getByRole('button', { name: 'Delete this playlist' }));
  await expectFocused(
    details.getByRole('button', { name: 'Yes, delete it' }),
    "'Delete this playlist'",
  );
  await press(details.getByRole('button', { name: 'Keep it' }));
  await expectFocused(details.getByRole('button', { name: 'Delete this playlist' }), "'Keep it'");
  await press(details.getByRole('button', { name: 'Cancel' }));
  await expectFocused(page.getByRole('button', { name: 'Edit playlist details' }), "'Cancel'");
  await press(page.getByRole('button', { name: 'Edit playlist details' }));
  await press(details.getByRole('button', { name: 'Delete this playlist' }));
  await press(details.getByRole('button', { name: 'Yes, delete it' }));
  await expect(page).toHaveURL(/\/playlists$/);
  await expectFocusKept(page, "'Yes, delete it'");

  // The unit builder and its naming dialog; a unit's delete dialog.
  await visit(page, `${PROGRAMME}/custom-unit`);
  await page.getByRole('link', { name: 'Create a new Unit of Work' }).click();
  for (const strand of STRANDS) await page.getByRole('checkbox', { name: strand }).check();
  const create = page.getByRole('button', { name: 'Create your unit' });
  await press(create);
  const naming = page.getByRole('dialog', { name: 'Name your unit' });
  const unitName = naming.getByRole('textbox', { name: 'Unit name' });
  await unitName.fill(' ');
  await press(naming.getByRole('button', { name: 'Save unit' }));
  await expectFocused(unitName, "'Save unit' with no name");
  await expect(unitName).toHaveAccessibleDescription('Please give your unit a name.');
  await press(naming.getByRole('button', { name: 'Cancel' }));
  await expectFocused(create, "'Cancel' in Name your unit");
  await press(create);
  const unitTitle = `Focus walk unit ${Date.now()}`;
  await unitName.fill(unitTitle);
  await unitName.press('Enter');
  await expect(page).toHaveURL(`${PROGRAMME}/custom-unit`);
  await expectFocusKept(page, "'Save unit'");
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: unitTitle }) })
    .getByRole('link', { name: /^View/ })
    .click();
  const deleteUnit = page.getByRole('button', { name: 'Delete this unit' });
  await press(deleteUnit);
  const confirm = page.getByRole('dialog', { name: `Delete “${unitTitle}”?` });
  await press(confirm.getByRole('button', { name: 'Cancel' }));
  await expectFocused(deleteUnit, "'Cancel' in the delete dialog");
  await press(deleteUnit);
  await press(confirm.getByRole('button', { name: 'Delete this unit' }));
  await expect(page).toHaveURL(`${PROGRAMME}/custom-unit`);
  await expectFocusKept(page, 'deleting the unit');

  // A production's bookings dialog.
  await visit(page, '/live/orchestra-live/the-firebird');
  const venues = page.getByRole('button', { name: 'See a full list of venues' });
  await press(venues);
  await expect(page.getByRole('dialog', { name: 'The Firebird: performances' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectFocused(venues, 'Escape in the bookings dialog');

  // Lesson mode: the shortcuts help, full screen, presenting and 'Stop presenting'.
  await visit(page, slides);
  await page.getByRole('link', { name: 'Get started' }).click();
  const slideTitle = page.getByRole('heading', { level: 1, name: 'Feel the pulse' });
  await expect(slideTitle).toBeVisible();
  const help = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await press(help);
  await page.keyboard.press('Escape');
  await expectFocused(help, 'Escape in the shortcuts help');
  await page.keyboard.press('Control+Shift+F');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expectFocusKept(page, 'full screen on');
  await page.keyboard.press('Control+Shift+F');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
  await expectFocusKept(page, 'full screen off');
  const popup = context.waitForEvent('page');
  await press(page.getByRole('button', { name: 'Present on another screen' }));
  const audience = await popup;
  await page.bringToFront();
  const stop = page.getByRole('button', { name: 'Stop presenting' });
  await expect(stop).toBeVisible();
  await press(stop);
  await expect(stop).toBeHidden();
  await expectFocused(
    page.getByRole('button', { name: /^(Present on another screen|Reopen audience screen)$/ }),
    "'Stop presenting'",
  );
  await audience.close();

  await expectNoLostFocus(page);
  const opened = new Set(await openedDialogs(page));
  expect([...opened].sort()).toEqual(
    [
      'Add to playlist',
      `Delete “${unitTitle}”?`,
      'Log in to Music Classroom',
      'Name your unit',
      'Playlist details',
      'Subscribe',
      'The Firebird: performances',
    ].sort(),
  );
  // Every dialog src/ can render was opened: a new one fails here until the walk opens it.
  expect(opened.size, 'dialogs in src/ the walk did not open').toBeGreaterThanOrEqual(
    dialogsInSource(),
  );
});
