import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { cmsQuery, newTeacherWithPlaylist } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import {
  logInAsSubscriber,
  logInThroughPanel,
  openLoginPanel,
  waitForServiceWorker,
} from './support/session';

// Reordering without dragging (WCAG 2.5.7), status messages (4.1.3) and error identification
// (3.3.1), seen as a screen reader would: focus, and live-region text changes.

const PASSWORD = 'sonata2207';
const PLAYLIST = 'Reorder by buttons';

/**
 * Records every text a live region takes after it is in the page, as assistive technology hears
 * it: a region inserted with its text already in it is not recorded (nor announced).
 */
function recordLiveRegions() {
  const heard: { role: string; text: string }[] = [];
  const last = new WeakMap<Element, string>();
  const LIVE = '[role="status"], [role="alert"], [aria-live]';
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const target =
        mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
      const region = target?.closest(LIVE);
      if (!region) continue;
      const text = (region.textContent ?? '').trim();
      if (!text || last.get(region) === text) continue;
      last.set(region, text);
      heard.push({
        role: region.getAttribute('role') ?? `aria-live=${region.getAttribute('aria-live')}`,
        text,
      });
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
  (window as unknown as { heard: typeof heard }).heard = heard;
}

/**
 * Records every live region put into the page already holding text: many screen readers
 * announce a region's changes, not its arrival, so such a status is never heard (WCAG 4.1.3).
 */
function recordRegionsInsertedFull() {
  const inserted: string[] = [];
  const LIVE = '[role="status"], [role="alert"], [aria-live]';
  const start = () =>
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          const regions = [...(node.matches(LIVE) ? [node] : []), ...node.querySelectorAll(LIVE)];
          for (const region of regions) {
            const text = (region.textContent ?? '').trim();
            if (text) inserted.push(text);
          }
        }
      }
    }).observe(document.documentElement, { subtree: true, childList: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
  (window as unknown as { inserted: string[] }).inserted = inserted;
}

/** What was inserted holding its text since the last call (which empties the record). */
const insertedFull = (page: Page) =>
  page.evaluate(() => {
    const record = (window as unknown as { inserted: string[] }).inserted;
    return record.splice(0, record.length);
  });

const heard = (page: Page) =>
  page.evaluate(() => (window as unknown as { heard: { role: string; text: string }[] }).heard);

const teacherWithPlaylist = (page: Page) =>
  newTeacherWithPlaylist(page.request, {
    label: 'a11y-status',
    password: PASSWORD,
    playlist: PLAYLIST,
  });

async function serverOrder(page: Page, token: string) {
  const { playlists } = await cmsQuery<{ playlists: { playlist_item: { title: string }[] }[] }>(
    page.request,
    token,
    'query Playlists { playlists { playlist_item { ... on ComponentPlaylistsActivity { title } } } }',
  );
  return playlists[0]?.playlist_item.map((item) => item.title);
}

async function openPlaylistEditor(page: Page, email: string) {
  await page.goto('/');
  await openLoginPanel(page);
  await logInThroughPanel(page, email, PASSWORD);
  await waitForServiceWorker(page);
  await page.goto('/playlists');
  await page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${PLAYLIST}$`) }).click();
  await expect(page.getByRole('heading', { name: PLAYLIST, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit playlist contents' }).click();
  await expect(page.getByRole('list', { name: 'Playlist items, in order' })).toBeVisible();
}

/** The editor's item titles in order, read from each item's Remove button (its name ends with the title). */
async function editorOrder(page: Page) {
  const names = await page
    .getByRole('list', { name: 'Playlist items, in order' })
    .getByRole('button', { name: /^Remove/ })
    .evaluateAll((buttons) => buttons.map((button) => button.textContent ?? ''));
  return names.map((name) => name.replace(/^Remove\s*/, ''));
}

/** The item titles view mode shows, in order. */
const shownOrder = (page: Page) =>
  page
    .getByRole('list', { name: 'Playlist items' })
    .getByRole('heading', { level: 2 })
    .allInnerTexts();

/** Screenshots for a person to look at (A11Y_SHOTS=<folder>); the phone never scrolls sideways. */
async function lookAt(page: Page, name: string) {
  for (const [label, size] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
      `${name} at ${label}`,
    ).toBe(true);
    if (process.env.A11Y_SHOTS)
      await page.screenshot({
        path: `${process.env.A11Y_SHOTS}/${name}-${label}.png`,
        fullPage: true,
      });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('reordering a playlist without dragging (2.5.7)', () => {
  test("'Up' and 'Down' move an item one place, keep focus on it, announce once, and the order syncs and survives a reload", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const teacher = await teacherWithPlaylist(page);
    const [x, y, z] = teacher.titles;
    await page.addInitScript(recordLiveRegions);
    await openPlaylistEditor(page, teacher.email);
    expect(await editorOrder(page)).toEqual([x, y, z]);
    await expect(page.getByRole('button', { name: `Move '${x}' up` })).toBeDisabled();
    await expect(page.getByRole('button', { name: `Move '${z}' down` })).toBeDisabled();

    await page.getByRole('button', { name: `Move '${z}' up` }).click();
    expect(await editorOrder(page)).toEqual([x, z, y]);
    await expect(page.getByRole('button', { name: `Move '${z}' up` })).toBeFocused();
    // The keyboard works the same button again: focus really stayed.
    await page.keyboard.press('Enter');
    expect(await editorOrder(page)).toEqual([z, x, y]);
    // At the top its 'Up' is disabled: focus moves to its 'Down', not to <body>.
    await expect(page.getByRole('button', { name: `Move '${z}' down` })).toBeFocused();
    expect((await heard(page)).filter(({ text }) => text.includes(' moved to position '))).toEqual([
      { role: 'status', text: `'${z}' moved to position 2 of 3.` },
      { role: 'status', text: `'${z}' moved to position 1 of 3.` },
    ]);
    await expectNoAxeViolations(page, 'the playlist editor with Up and Down');
    await lookAt(page, 'playlist-editor-move-buttons');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => shownOrder(page)).toEqual([z, x, y]);
    await expect
      .poll(() => serverOrder(page, teacher.token), { timeout: 30_000 })
      .toEqual([z, x, y]);
    await page.reload();
    await expect(page.getByRole('heading', { name: PLAYLIST, level: 1 })).toBeVisible();
    await expect.poll(() => shownOrder(page)).toEqual([z, x, y]);
  });

  test('the keyboard moves a picked-up item one place per arrow press, announcing each place once', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const teacher = await teacherWithPlaylist(page);
    const [x, y, z] = teacher.titles;
    await page.addInitScript(recordLiveRegions);
    await openPlaylistEditor(page, teacher.email);
    // Each key waits for what a screen reader hears after the one before: the sensor listens for
    // arrows only once the item is picked up.
    // The sensor starts listening for arrows in a timer after the pick-up is announced; a timer
    // set after that one runs after it.
    const said = async (text: string) => {
      await expect.poll(async () => (await heard(page)).map((one) => one.text)).toContain(text);
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    };

    await page
      .getByRole('button', { name: new RegExp(`^Move ${x} \\(position 1 of 3\\)`) })
      .focus();
    await page.keyboard.press('Space');
    await said(`Picked up ${x}, position 1 of 3.`);
    await page.keyboard.press('ArrowDown');
    await said(`${x} is over position 2 of 3.`);
    await page.keyboard.press('Space');
    await said(`${x} dropped at position 2 of 3.`);
    await expect.poll(() => editorOrder(page)).toEqual([y, x, z]);

    await page
      .getByRole('button', { name: new RegExp(`^Move ${x} \\(position 2 of 3\\)`) })
      .focus();
    await page.keyboard.press('Space');
    await said(`Picked up ${x}, position 2 of 3.`);
    await page.keyboard.press('ArrowDown');
    await said(`${x} is over position 3 of 3.`);
    await page.keyboard.press('Space');
    await said(`${x} dropped at position 3 of 3.`);
    await expect.poll(() => editorOrder(page)).toEqual([y, z, x]);
    // One announcement per place: none repeated while the item crossed its neighbour.
    const over = (await heard(page)).filter(({ text }) => text.includes(' is over position '));
    expect(over.map(({ text }) => text)).toEqual([
      `${x} is over position 2 of 3.`,
      `${x} is over position 3 of 3.`,
    ]);
  });
});

test.describe('status messages and errors reach screen readers (4.1.3, 3.3.1)', () => {
  test('a download is announced politely: its start, its completion (not each file) and its removal', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.addInitScript(recordLiveRegions);
    await logInAsSubscriber(page);
    await waitForServiceWorker(page);
    await page.goto('/primary/sound-explorers');
    await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
    const title = 'Lesson 2: Pulse everywhere';
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const panel = page.getByRole('region', { name: `Offline use of ${title}` });
    await panel.getByRole('button', { name: 'Make available offline' }).click();
    await expect(panel.getByText('Available offline', { exact: true })).toBeVisible({
      timeout: 120_000,
    });
    await expect
      .poll(async () => (await heard(page)).at(-1))
      .toEqual({ role: 'status', text: `${title} is available offline.` });
    const download = (await heard(page)).filter(({ text }) => text.includes(title));
    expect(download[0]).toEqual({ role: 'status', text: `Downloading ${title} for offline use.` });
    // Progress in quarters at most: start, 25, 50, 75 and done.
    expect(download.length).toBeLessThanOrEqual(5);

    await panel.getByRole('button', { name: /^Remove download/ }).click();
    await expect
      .poll(async () => (await heard(page)).at(-1))
      .toEqual({ role: 'status', text: `The download of ${title} was removed from this device.` });
  });

  test('a wrong login is announced at once and marks both fields; an empty playlist name is announced and marks its field', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const wrong = 'The e-mail address or password is not right. Check both and try again.';
    await page.addInitScript(recordLiveRegions);
    await page.goto('/');
    await openLoginPanel(page);
    const dialog = page.getByRole('dialog', { name: /Log in to/ });
    await dialog.getByLabel('Email address').fill(DEMO.subscriber.email);
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => heard(page)).toContainEqual({ role: 'alert', text: wrong });
    for (const label of ['Email address', 'Password']) {
      await expect(dialog.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByLabel(label)).toHaveAccessibleDescription(wrong);
    }
    await expectNoAxeViolations(page, 'the login panel after a wrong login');

    await dialog.getByLabel('Password').fill(DEMO.subscriber.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/playlists');
    await page.getByRole('button', { name: /Create (a new|your first) playlist/ }).click();
    const details = page.getByRole('dialog', { name: 'Playlist details' });
    await details.getByRole('button', { name: 'Save Playlist' }).click();
    await expect
      .poll(() => heard(page))
      .toContainEqual({ role: 'alert', text: 'Enter a name for the playlist.' });
    await expect(details.getByLabel(/Playlist name/)).toHaveAttribute('aria-invalid', 'true');
    await expect(details.getByLabel(/Playlist name/)).toHaveAccessibleDescription(
      'Enter a name for the playlist.',
    );
    await expectNoAxeViolations(page, 'the playlist details dialog with an error');
  });
});

test('the registration error summary links to each refused field, and a link puts focus in it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/subscribe');
  await page.getByLabel(/^Password/).fill('abc');
  await page.getByRole('button', { name: 'Start your free trial' }).click();
  const summary = page.getByRole('list', { name: 'Details to change' });
  await expect(summary.getByRole('link')).toHaveText([
    /^First name: /,
    /^Last name: /,
    /^Email address: /,
    /^Password: /,
  ]);
  await summary.getByRole('link', { name: /^Last name: / }).click();
  await expect(page.getByLabel(/^Last name/)).toBeFocused();
  await expectNoAxeViolations(page, 'the registration form with its error summary');
  await lookAt(page, 'registration-error-summary');
});

test('status messages change the text of a region already in the page, never arrive inside a new one', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(recordLiveRegions);
  await page.addInitScript(recordRegionsInsertedFull);
  await logInAsSubscriber(page);

  // The profile form: a missing first name, then a save.
  await page.goto('/subscribe');
  await page.getByRole('button', { name: 'Edit account details' }).click();
  const firstName = page.getByLabel(/^First name/);
  const first = await firstName.inputValue();
  await insertedFull(page);
  await firstName.fill('');
  await firstName.press('Enter');
  await expect
    .poll(() => heard(page))
    .toContainEqual({ role: 'alert', text: 'Enter your first name' });
  await firstName.fill(first);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect
    .poll(() => heard(page))
    .toContainEqual({ role: 'status', text: 'Your details have been saved.' });
  expect(await insertedFull(page), 'regions inserted with their text on /subscribe').toEqual([]);

  // Going offline: the banner's region was there, empty.
  await context.setOffline(true);
  await expect
    .poll(async () => (await heard(page)).map(({ text }) => text))
    .toContainEqual(expect.stringMatching(/^You are offline\. /));
  await context.setOffline(false);
  expect(await insertedFull(page), 'regions inserted with their text going offline').toEqual([]);

  // The unit builder's naming dialog: an empty name.
  await page.goto('/primary/sound-explorers/create-unit');
  for (const strand of ['Singing', 'Rhythm and pulse', 'Listening', 'Composing'])
    await page.getByRole('checkbox', { name: strand }).check();
  await page.getByRole('button', { name: 'Create your unit' }).click();
  const name = page.getByRole('dialog', { name: 'Name your unit' }).getByLabel(/^Unit name/);
  await name.fill(' ');
  await insertedFull(page);
  await name.press('Enter');
  await expect
    .poll(() => heard(page))
    .toContainEqual({ role: 'alert', text: 'Please give your unit a name.' });
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Please give your unit a name.');
  expect(await insertedFull(page), 'regions inserted with their text in the builder').toEqual([]);
});
