import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { playlistEditorTitles } from './support/roles';
import { screenshotBothSizes } from './support/screenshots';
import { logInAsSubscriber, waitForServiceWorker } from './support/session';
import { dragAnnouncements, pickUpWithKeyboard } from './support/keyboard-drag';

interface ServerPlaylist {
  documentId: string;
  title: string;
  client_id: string | null;
  playlist_item: { __typename: string; title: string; item: { documentId: string } | null }[];
}

const PLAYLISTS = /* GraphQL */ `
  query Playlists {
    playlists {
      documentId
      title
      client_id
      playlist_item {
        __typename
        ... on ComponentPlaylistsActivity {
          title
          item {
            documentId
          }
        }
        ... on ComponentPlaylistsAudioItem {
          title
          item {
            documentId
          }
        }
      }
    }
  }
`;

const ACTIVITIES = /* GraphQL */ `
  query Activities($titles: [String]) {
    activityPages(filters: { title: { in: $titles } }) {
      documentId
      title
    }
    audioPages(pagination: { limit: 1 }, sort: "title:asc") {
      documentId
      title
    }
  }
`;

async function serverPlaylists(page: Page, token: string) {
  return (await cmsQuery<{ playlists: ServerPlaylist[] }>(page.request, token, PLAYLISTS))
    .playlists;
}

async function signIn(page: Page) {
  await logInAsSubscriber(page);
  await expect(page.getByText('Welcome back, Ada Lovelace!')).toBeVisible();
}

async function createThroughModal(page: Page, title: string) {
  const create = page.getByRole('button', { name: /Create (a new|your first) playlist/ });
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Playlist details' });
  await dialog.getByLabel('Playlist name').fill(title);
  await dialog.getByRole('button', { name: 'Save Playlist' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
}

/** Clicks 'Add to playlist' on the page and adds to the named existing playlist. */
async function addToPlaylist(page: Page, playlistTitle: string) {
  await page
    .getByRole('button', { name: /^Add to playlist/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
  await dialog.getByRole('radio', { name: playlistTitle }).check();
  await dialog.getByRole('button', { name: 'Add to playlist' }).click();
  await expect(dialog.getByText(/Added to/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** The editor's titles in order, once the editor (loaded on demand) is there. */
async function editorTitles(page: Page) {
  await expect(page.getByRole('list', { name: 'Playlist items, in order' })).toBeVisible();
  return playlistEditorTitles(page);
}

test.describe('playlists, local first', () => {
  test('a playlist built offline reaches the CMS exactly once, in order, when the network returns', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const token = await apiLogIn(page.request, DEMO.subscriber.email);
    const found = await cmsQuery<{
      activityPages: { documentId: string; title: string }[];
      audioPages: { documentId: string }[];
    }>(page.request, token, ACTIVITIES, { titles: ['Hello Song', 'Echo Clapping'] });
    const activityPath = (title: string) =>
      `/primary/activities/-/${found.activityPages.find((activity) => activity.title === title)!.documentId}`;
    const audioPath = `/audiolibrary/page/${found.audioPages[0]!.documentId}`;

    await signIn(page);
    // The worker must control the page before the visits below, or their answers bypass its
    // cache (a race the busy CI machine lost once).
    await waitForServiceWorker(page);
    // Visit what will be needed offline while online, so the service worker has it.
    for (const path of [activityPath('Hello Song'), activityPath('Echo Clapping'), audioPath]) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: /^Add to playlist/ }).first()).toBeVisible();
    }
    await page.goto('/playlists');
    await expect(page.getByRole('heading', { name: 'Monday morning warm-ups' })).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: /^Offline,/ })).toBeVisible();
    await createThroughModal(page, 'Offline lesson');
    await page.goto(activityPath('Hello Song'));
    await addToPlaylist(page, 'Offline lesson');
    await page.goto(audioPath);
    await addToPlaylist(page, 'Offline lesson');
    await page.goto(activityPath('Echo Clapping'));
    await addToPlaylist(page, 'Offline lesson');

    await page.goto('/playlists');
    await page.getByRole('link', { name: /^View Playlist\s?: Offline lesson$/ }).click();
    await expect(page.getByRole('heading', { name: 'Offline lesson', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Edit playlist contents' }).click();
    const audioTitle = (await editorTitles(page))[1]!;
    expect(await editorTitles(page)).toEqual(['Hello Song', audioTitle, 'Echo Clapping']);

    // Keyboard: pick up Echo Clapping, move it up 25 px at a time until it is first, drop it.
    await pickUpWithKeyboard(page, page.getByRole('button', { name: /^Move Echo Clapping/ }));
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowUp');
    await expect(dragAnnouncements(page)).toHaveText('Echo Clapping is over position 1 of 3.');
    await page.keyboard.press('Space');
    await expect
      .poll(async () => await editorTitles(page))
      .toEqual(['Echo Clapping', 'Hello Song', audioTitle]);

    // Pointer: drag the audio item onto the first place.
    const handle = page.getByRole('button', { name: new RegExp(`^Move ${audioTitle}`) });
    const target = page.getByRole('button', { name: /^Move Echo Clapping/ });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 10 });
    await page.mouse.up();
    await expect
      .poll(async () => await editorTitles(page))
      .toEqual([audioTitle, 'Echo Clapping', 'Hello Song']);

    // dnd-kit swallows clicks for 50 ms after a pointer drop; the drop's 200 ms sort animation
    // outlasts that, so a click once the list has settled is a click a teacher could make.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.getByRole('button', { name: 'Remove Hello Song' }).click();
    await expect.poll(async () => await editorTitles(page)).toEqual([audioTitle, 'Echo Clapping']);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await page.getByRole('button', { name: 'Edit playlist details' }).click();
    const details = page.getByRole('dialog', { name: 'Playlist details' });
    await details.getByLabel('Playlist name').fill('Offline lesson, renamed');
    await details.getByRole('button', { name: 'Save Playlist' }).click();
    await expect(
      page.getByRole('heading', { name: 'Offline lesson, renamed', level: 1 }),
    ).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Offline lesson, renamed', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Playlist items' }).getByRole('heading', { level: 2 }),
    ).toHaveText([audioTitle, 'Echo Clapping']);
    await expect(
      page.getByRole('status').filter({ hasText: /changes? waiting to sync/ }),
    ).toBeVisible();
    expect((await serverPlaylists(page, token)).map((playlist) => playlist.title)).not.toContain(
      'Offline lesson, renamed',
    );

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({
      timeout: 30_000,
    });
    const onServer = (await serverPlaylists(page, token)).filter((playlist) =>
      playlist.title.startsWith('Offline lesson'),
    );
    expect(onServer).toHaveLength(1);
    expect(onServer[0]!.title).toBe('Offline lesson, renamed');
    expect(onServer[0]!.playlist_item.map((item) => [item.__typename, item.title])).toEqual([
      ['ComponentPlaylistsAudioItem', audioTitle],
      ['ComponentPlaylistsActivity', 'Echo Clapping'],
    ]);
  });

  test('Your Playlists opened directly shows its playlists as styled cards, with no other page loaded first', async ({
    page,
  }) => {
    await signIn(page);
    // A first load straight onto the page: no other route's stylesheet has been loaded.
    await page.goto('/playlists');
    const card = page.locator('.playlist-card').first();
    await expect(card).toBeVisible();
    expect(await card.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('1px');
    expect(
      await page
        .locator('.card-grid')
        .first()
        .evaluate((element) => getComputedStyle(element).listStyleType),
    ).toBe('none');
  });

  test('a create whose answer is lost is replayed without a duplicate', async ({
    page,
    faults,
  }) => {
    const token = await apiLogIn(page.request, DEMO.subscriber.email);
    await signIn(page);
    await page.goto('/playlists');
    // The CMS creates it, but the answer never reaches the device.
    await faults.set([
      {
        fault: 'lose-answer',
        method: 'POST',
        path: '/api/playlist-sync',
        bodyIncludes: '"type":"create"',
        times: 1,
      },
    ]);
    await createThroughModal(page, 'Lost answer');
    await expect.poll(async () => (await faults.hits())[0]).toBe(1);
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({
      timeout: 30_000,
    });
    const matching = (await serverPlaylists(page, token)).filter(
      (playlist) => playlist.title === 'Lost answer',
    );
    expect(matching).toHaveLength(1);
  });

  test('edits made offline in two tabs all reach the CMS, each once', async ({ page, context }) => {
    const token = await apiLogIn(page.request, DEMO.subscriber.email);
    await signIn(page);
    await page.goto('/playlists');
    await waitForServiceWorker(page);
    const second = await context.newPage();
    await second.goto('/playlists');
    await expect(second.getByRole('heading', { name: 'Monday morning warm-ups' })).toBeVisible();

    await context.setOffline(true);
    await createThroughModal(page, 'From the first tab');
    await createThroughModal(second, 'From the second tab');
    // Each tab hears about the other's edit (BroadcastChannel) without a reload.
    await expect(
      page.getByRole('heading', { name: 'From the second tab', level: 2 }),
    ).toBeVisible();
    await expect(
      second.getByRole('heading', { name: 'From the first tab', level: 2 }),
    ).toBeVisible();

    await context.setOffline(false);
    for (const tab of [page, second]) {
      await expect(tab.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({
        timeout: 30_000,
      });
    }
    const titles = (await serverPlaylists(page, token)).map((playlist) => playlist.title);
    expect(titles.filter((title) => title === 'From the first tab')).toHaveLength(1);
    expect(titles.filter((title) => title === 'From the second tab')).toHaveLength(1);
  });

  test('the playlist screens, modal and dialog have no axe violations', async ({ page }) => {
    await signIn(page);
    await page.goto('/playlists');
    await expect(page.getByRole('heading', { name: 'Monday morning warm-ups' })).toBeVisible();
    await expectNoAxeViolations(page, 'the playlists list');
    await screenshotBothSizes(page, 'playlists');
    await page.getByRole('link', { name: /^View Playlist\s?: Monday morning warm-ups$/ }).click();
    await expect(
      page.getByRole('heading', { name: 'Monday morning warm-ups', level: 1 }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'a playlist in view mode');
    await screenshotBothSizes(page, 'playlist-view');
    await page.getByRole('button', { name: 'Edit playlist contents' }).click();
    await expect(page.getByRole('list', { name: 'Playlist items, in order' })).toBeVisible();
    await expectNoAxeViolations(page, 'a playlist in edit mode');
    await screenshotBothSizes(page, 'playlist-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit playlist details' }).click();
    await expect(page.getByRole('dialog', { name: 'Playlist details' })).toBeVisible();
    await expectNoAxeViolations(page, 'the playlist details modal');
  });
});
