import type { Browser, BrowserContext, Page } from '@playwright/test';
import { cmsQuery, newTeacherWithPlaylist } from './support/cms-api';
import { expect, test } from './support/fixtures';
import { logInThroughPanel, openLoginPanel, waitForServiceWorker } from './support/session';

// One teacher, two devices (two browser contexts: each its own IndexedDB and worker), both editing
// the same playlist. Nothing that does not clash is lost, only the device whose rename lost is
// told, the notice survives a reload, and a lost reply never raises one.

const PASSWORD = 'sonata1819';
const PLAYLIST = 'Year 3 warm-ups';

interface Device {
  context: BrowserContext;
  page: Page;
}

const ITEMS = /* GraphQL */ `
  query Playlists {
    playlists {
      title
      client_id
      playlist_item {
        __typename
        ... on ComponentPlaylistsActivity {
          title
        }
      }
    }
  }
`;

/** A new teacher with a playlist of three activities, and a fourth activity to add later. */
async function teacherWithPlaylist(page: Page) {
  const teacher = await newTeacherWithPlaylist(page.request, {
    label: 'two-devices',
    password: PASSWORD,
    playlist: PLAYLIST,
    spare: 1,
  });
  return { ...teacher, extra: teacher.spare[0]! };
}

async function openDevice(browser: Browser, baseURL: string, email: string): Promise<Device> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await openLoginPanel(page);
  await logInThroughPanel(page, email, PASSWORD);
  await waitForServiceWorker(page);
  await page.goto('/playlists');
  await page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${PLAYLIST}$`) }).click();
  await expect(page.getByRole('heading', { name: PLAYLIST, level: 1 })).toBeVisible();
  return { context, page };
}

async function rename(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: 'Edit playlist details' }).click();
  const details = page.getByRole('dialog', { name: 'Playlist details' });
  await details.getByLabel('Playlist name').fill(to);
  await details.getByRole('button', { name: 'Save Playlist' }).click();
  await expect(page.getByRole('heading', { name: to, level: 1 })).toBeVisible();
  expect(from).not.toBe(to);
}

/** The item titles the playlist page shows, in order. */
const shownItems = (page: Page) =>
  page.getByRole('list', { name: 'Playlist items' }).getByRole('heading', { level: 2 });

async function serverPlaylist(page: Page, token: string) {
  const { playlists } = await cmsQuery<{
    playlists: { title: string; playlist_item: { title: string }[] }[];
  }>(page.request, token, ITEMS);
  expect(playlists).toHaveLength(1);
  return {
    title: playlists[0]!.title,
    items: playlists[0]!.playlist_item.map((item) => item.title),
  };
}

const saved = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({
    timeout: 30_000,
  });

test.describe('two devices of one teacher', () => {
  test('edits that do not clash are all kept; only the device whose rename lost is told, until it dismisses it', async ({
    browser,
    baseURL,
    page,
  }) => {
    test.setTimeout(180_000);
    const teacher = await teacherWithPlaylist(page);
    const [x, y, z] = teacher.titles;
    const a = await openDevice(browser, baseURL!, teacher.email);
    // Visited online, so the activity page opens offline to 'Add to playlist' from it.
    await a.page.goto(`/primary/activities/-/${teacher.extra.documentId}`);
    await expect(a.page.getByRole('button', { name: /^Add to playlist/ }).first()).toBeVisible();
    const b = await openDevice(browser, baseURL!, teacher.email);

    await a.context.setOffline(true);
    await b.context.setOffline(true);

    // Device A: adds an activity, moves the last item first, renames.
    await a.page
      .getByRole('button', { name: /^Add to playlist/ })
      .first()
      .click();
    const dialog = a.page.getByRole('dialog', { name: 'Add to playlist' });
    await dialog.getByRole('radio', { name: PLAYLIST }).check();
    await dialog.getByRole('button', { name: 'Add to playlist' }).click();
    await expect(dialog.getByText(/Added to/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await a.page.goto('/playlists');
    await a.page
      .getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${PLAYLIST}$`) })
      .click();
    await a.page.getByRole('button', { name: 'Edit playlist contents' }).click();
    await a.page.getByRole('button', { name: new RegExp(`^Move ${z}`) }).focus();
    await a.page.keyboard.press('Space');
    for (let i = 0; i < 12; i += 1) await a.page.keyboard.press('ArrowUp');
    await a.page.keyboard.press('Space');
    await a.page.waitForFunction(() => document.getAnimations().length === 0);
    await a.page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(shownItems(a.page)).toHaveText([z, x, y, teacher.extra.title]);
    await rename(a.page, PLAYLIST, 'Y3 warm ups');

    // Device B: removes an item, renames.
    await b.page.getByRole('button', { name: 'Edit playlist contents' }).click();
    await b.page.getByRole('button', { name: `Remove ${y}` }).click();
    await b.page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(shownItems(b.page)).toHaveText([x, z]);
    await rename(b.page, PLAYLIST, 'Warm ups');

    // B reconnects first, then A: A's rename is applied later and wins.
    await b.context.setOffline(false);
    await saved(b.page);
    await a.context.setOffline(false);
    await saved(a.page);

    const expected = [z, x, teacher.extra.title];
    expect(await serverPlaylist(page, teacher.token)).toEqual({
      title: 'Y3 warm ups',
      items: expected,
    });
    // A shows what the CMS holds without a reload, and was told nothing.
    await expect(shownItems(a.page)).toHaveText(expected);
    await expect(a.page.getByText(/from another device/)).toHaveCount(0);

    // B learns the outcome at its next sync (here: a reload), with the notice of its lost rename.
    const notice = `“${PLAYLIST}”: your rename to “Warm ups” was replaced by “Y3 warm ups” from another device.`;
    await b.page.reload();
    await expect(b.page.getByText(notice)).toBeVisible({ timeout: 30_000 });
    await expect(shownItems(b.page)).toHaveText(expected);
    await expect(b.page.getByRole('heading', { name: 'Y3 warm ups', level: 1 })).toBeVisible();
    // It lasts across reloads and screens until dismissed.
    await b.page.goto('/playlists');
    await expect(b.page.getByText(notice)).toBeVisible();
    await b.page.reload();
    await expect(b.page.getByText(notice)).toBeVisible();
    await b.page.getByRole('button', { name: 'Dismiss this message' }).click();
    await expect(b.page.getByText(notice)).toHaveCount(0);
    await b.page.reload();
    await expect(b.page.getByRole('heading', { name: 'Y3 warm ups' })).toBeVisible();
    await expect(b.page.getByText(notice)).toHaveCount(0);

    await a.context.close();
    await b.context.close();
  });

  test('two devices reconnecting at the same moment both keep their edits, and a lost reply raises no notice', async ({
    browser,
    baseURL,
    page,
    faults,
  }) => {
    test.setTimeout(180_000);
    const teacher = await teacherWithPlaylist(page);
    const [x, y, z] = teacher.titles;
    const a = await openDevice(browser, baseURL!, teacher.email);
    const b = await openDevice(browser, baseURL!, teacher.email);
    // A's first answer from the CMS is lost on the way back (the CMS did apply it).
    await faults.set([
      {
        fault: 'lose-answer',
        method: 'POST',
        path: '/api/playlist-sync',
        bodyIncludes: '"title":"Renamed on A"',
        times: 1,
      },
    ]);

    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await a.page.getByRole('button', { name: 'Edit playlist contents' }).click();
    await a.page.getByRole('button', { name: `Remove ${x}` }).click();
    await a.page.getByRole('button', { name: 'Save Changes' }).click();
    await rename(a.page, PLAYLIST, 'Renamed on A');
    await b.page.getByRole('button', { name: 'Edit playlist contents' }).click();
    await b.page.getByRole('button', { name: `Remove ${z}` }).click();
    await b.page.getByRole('button', { name: 'Save Changes' }).click();

    await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
    await saved(a.page);
    await saved(b.page);
    await expect.poll(async () => (await faults.hits())[0]).toBe(1);
    expect(await serverPlaylist(page, teacher.token)).toEqual({
      title: 'Renamed on A',
      items: [y],
    });
    // Each shows the CMS's playlist once it has synced again (B learns of A's edits by pulling).
    await b.page.reload();
    for (const device of [a, b]) {
      await expect(shownItems(device.page)).toHaveText([y]);
      await expect(device.page.getByText(/another device/)).toHaveCount(0);
    }
    await a.context.close();
    await b.context.close();
  });

  test('a create whose answer was lost stays deleted when another device deleted it: its replay is told as dropped, with its copy to keep as a new playlist', async ({
    browser,
    baseURL,
    page,
    faults,
  }) => {
    test.setTimeout(180_000);
    const LOST = 'Lost answer list';
    const teacher = await teacherWithPlaylist(page);
    const a = await openDevice(browser, baseURL!, teacher.email);
    const b = await openDevice(browser, baseURL!, teacher.email);
    // A's create reaches the CMS, but every answer to it is lost until A goes offline.
    await faults.set([
      {
        fault: 'lose-answer',
        method: 'POST',
        path: '/api/playlist-sync',
        bodyIncludes: `"title":"${LOST}"`,
        times: 20,
      },
    ]);
    const titles = async () =>
      (
        await cmsQuery<{ playlists: { title: string; client_id: string }[] }>(
          page.request,
          teacher.token,
          ITEMS,
        )
      ).playlists;
    const titlesOnCms = async () => (await titles()).map((playlist) => playlist.title).sort();
    await a.page.goto('/playlists');
    await a.page.getByRole('button', { name: /Create (a new|your first) playlist/ }).click();
    const details = a.page.getByRole('dialog', { name: 'Playlist details' });
    await details.getByLabel('Playlist name').fill(LOST);
    await details.getByRole('button', { name: 'Save Playlist' }).click();
    await expect.poll(async () => (await faults.hits())[0], { timeout: 30_000 }).toBeGreaterThan(0);
    await a.context.setOffline(true);
    await faults.clear();
    await expect.poll(titlesOnCms, { timeout: 30_000 }).toEqual([LOST, PLAYLIST].sort());

    // B sees it and deletes it.
    await b.page.goto('/playlists');
    await b.page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${LOST}$`) }).click();
    await b.page.getByRole('button', { name: 'Edit playlist details' }).click();
    const bDetails = b.page.getByRole('dialog', { name: 'Playlist details' });
    await bDetails.getByRole('button', { name: 'Delete this playlist' }).click();
    await bDetails.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect.poll(titlesOnCms, { timeout: 30_000 }).toEqual([PLAYLIST]);

    // A reconnects and sends its create again: the playlist stays deleted and A is told.
    await a.context.setOffline(false);
    const told = `“${LOST}” was deleted on another device after your changes reached it, so they were not kept: making the playlist.`;
    await expect(a.page.getByText(told)).toBeVisible({ timeout: 30_000 });
    await saved(a.page);
    expect(await titlesOnCms()).toEqual([PLAYLIST]);
    await expect(
      a.page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${LOST}$`) }),
    ).toHaveCount(0);
    // B, which deleted it, is told nothing: nothing brought it back.
    await b.page.reload();
    await saved(b.page);
    await expect(b.page.getByText(/brought it back/)).toHaveCount(0);

    // A keeps its version: a new playlist (its own client id), saved to the CMS.
    await a.page.getByRole('button', { name: 'Keep my version as a new playlist' }).click();
    await expect(a.page.getByText(told)).toHaveCount(0);
    await expect(
      a.page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${LOST}$`) }),
    ).toBeVisible();
    await saved(a.page);
    await expect
      .poll(async () => (await titles()).map((playlist) => playlist.title).sort())
      .toEqual([LOST, PLAYLIST].sort());
    await a.context.close();
    await b.context.close();
  });
});
