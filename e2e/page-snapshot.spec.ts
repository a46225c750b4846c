import type { BrowserContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  appMarkup,
  painted,
  recordSnapshot,
  snapshotAddresses,
  start,
} from './support/snapshot-markup';
import { logInAsSubscriber, logOut, waitForServiceWorker } from './support/session';

// A page a teacher opens offline (home, a programme, a playlist) is painted from HTML the device
// holds, before the app has run (src/lib/offline/page-snapshot.ts, sw/snapshots.ts). What is
// painted must be what the app then shows, never older than what the device holds, only to the
// teacher who drew it.

const SNAPSHOTS = 'page-snapshots-v1';
const PROGRAMME = '/primary/rhythm-makers';
/** A programme with a Music at Home panel: a film whose poster the app sets on the player. */
const AT_HOME_PROGRAMME = '/primary/sound-explorers';
const PLAYLIST = '/playlists/seed-subscriber-playlist';

/** Shows `path` until the page has kept it as its snapshot. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect.poll(() => snapshotAddresses(page, SNAPSHOTS), { timeout: 10_000 }).toContain(path);
}

/** Starts `path` offline in a new tab: its snapshot was painted, inert, and is what the app shows. */
async function expectPaintedAsTheApp(context: BrowserContext, path: string, heading: string) {
  const tab = await start(context, path);
  await expect(
    tab.locator('#root').getByRole('heading', { level: 1, name: heading }),
  ).toBeVisible();
  const snapshot = await painted(tab);
  expect(snapshot, `${path} painted from its snapshot`).not.toBeNull();
  expect(snapshot!.inert).toBe(true);
  expect(snapshot!.shown).toBe(true);
  expect(snapshot!.markup).toContain(heading);
  // Gone once the app drew its own page, which is the same markup.
  await expect(tab.locator('.snapshot-cover')).toHaveCount(0);
  expect(await appMarkup(tab)).toBe(snapshot!.markup);
  // Nor did the app's page differ from it in the frame it took over.
  expect(
    await tab.evaluate(() =>
      performance
        .getEntriesByName('page-snapshot-differed')
        .map((mark) => (mark as PerformanceMark).detail),
    ),
  ).toEqual([]);
  return tab;
}

test.describe('pages painted before the app runs', () => {
  test('offline, home, a programme and a playlist are painted from the device as the app then shows them, and leave with the teacher', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await logInAsSubscriber(page);
    await waitForServiceWorker(page);
    await visit(page, '/');
    const homeHeading = (await page.locator('main h1').first().textContent()) ?? '';
    await visit(page, PROGRAMME);
    await visit(page, AT_HOME_PROGRAMME);
    const atHomeHeading = (await page.locator('main h1').first().textContent()) ?? '';
    await visit(page, PLAYLIST);
    const playlistHeading = (await page.locator('main h1').first().textContent()) ?? '';
    expect(await snapshotAddresses(page, SNAPSHOTS)).toEqual(
      ['/', AT_HOME_PROGRAMME, PLAYLIST, PROGRAMME].sort(),
    );

    await context.addInitScript(recordSnapshot);
    await context.setOffline(true);
    const home = await expectPaintedAsTheApp(context, '/', homeHeading);
    // The app's page takes focus and keys as ever.
    await expectNoAxeViolations(home, 'home after its snapshot');
    await home.close();
    (await expectPaintedAsTheApp(context, PROGRAMME, 'Rhythm Makers')).close();
    (await expectPaintedAsTheApp(context, AT_HOME_PROGRAMME, atHomeHeading)).close();
    (await expectPaintedAsTheApp(context, PLAYLIST, playlistHeading)).close();

    // At another window size the snapshot's layout would not be the app's: it is not shown.
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 700, height: 500 });
    await narrow.goto(PLAYLIST);
    await expect(narrow.locator('#root').getByRole('heading', { level: 1 })).toBeVisible();
    expect((await painted(narrow))?.shown).toBe(false);
    await narrow.close();

    // Log Out: the snapshots go with the teacher; the next start paints nothing.
    await context.setOffline(false);
    await page.goto('/');
    await logOut(page);
    await expect.poll(() => snapshotAddresses(page, SNAPSHOTS)).toEqual([]);
    await context.setOffline(true);
    const next = await start(context, PLAYLIST);
    await expect(next.getByRole('heading', { level: 1, name: 'Playlist' })).toBeVisible();
    expect(await painted(next)).toBeNull();
  });

  test('a change on the device forgets every page snapshot; the page on screen is kept again as it now is', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await logInAsSubscriber(page);
    await waitForServiceWorker(page);
    await visit(page, '/');
    await visit(page, PLAYLIST);
    const before = (await page.locator('main h1').first().textContent()) ?? '';
    expect(await snapshotAddresses(page, SNAPSHOTS)).toEqual(['/', PLAYLIST].sort());

    // Offline, the teacher renames the playlist: the device's copy changes, home's snapshot goes
    // too, and the playlist's is kept again with its new name.
    await context.setOffline(true);
    const renamed = `${before} (Year 4)`;
    await page.getByRole('button', { name: /details/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Playlist details' });
    await dialog.getByLabel('Playlist name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save Playlist' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect
      .poll(() => snapshotAddresses(page, SNAPSHOTS), { timeout: 10_000 })
      .toEqual([PLAYLIST]);

    await context.addInitScript(recordSnapshot);
    const tab = await expectPaintedAsTheApp(context, PLAYLIST, renamed);
    expect((await painted(tab))!.markup).not.toContain(`>${before}<`);
    await tab.close();
    // Home was not painted: its snapshot went with the change.
    const home = await start(context, '/');
    await expect(home.locator('#root main h1')).toBeVisible();
    expect(await painted(home)).toBeNull();

    // The session gone without a sign-out (storage cleared in part): the next start paints
    // nothing, and the app forgets what was drawn for the teacher who is no longer signed in.
    await home.evaluate(() => localStorage.clear());
    const signedOut = await start(context, PLAYLIST);
    await expect(signedOut.getByRole('heading', { level: 1, name: 'Playlist' })).toBeVisible();
    expect(await painted(signedOut)).toBeNull();
    await expect.poll(() => snapshotAddresses(signedOut, SNAPSHOTS)).toEqual([]);
  });

  test("a tab that restarts when the teacher logs out in another is served none of the teacher's pages", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await logInAsSubscriber(page);
    await waitForServiceWorker(page);
    await visit(page, PLAYLIST);
    const heading = (await page.locator('main h1').first().textContent()) ?? '';
    await page.goto('/');
    await context.addInitScript(recordSnapshot);
    await context.setOffline(true);
    // The second tab shows the teacher's playlist, painted from the device.
    const other = await start(context, PLAYLIST);
    await expect(
      other.locator('#root').getByRole('heading', { level: 1, name: heading }),
    ).toBeVisible();
    expect(await painted(other)).not.toBeNull();

    // Log Out in the first tab restarts the second at once, with the session gone: the worker
    // must have nothing of the teacher to put in the page it serves it, not even hidden.
    const restarted = other.waitForEvent('load');
    await logOut(page);
    await restarted;
    await expect(other.locator('main h1').first()).toBeVisible();
    expect(await other.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    expect(await other.evaluate(() => (window as { __served?: boolean }).__served)).toBe(false);
    expect(await other.evaluate(() => document.documentElement.textContent)).not.toContain(heading);
  });
});
