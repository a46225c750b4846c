import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { seededLessonSlideshows } from './support/seeded-slideshows';
import { storeSubscriberSession, waitForServiceWorker } from './support/session';

// WCAG 1.4.10 Reflow and 1.4.12 Text spacing: at 320 px no page scrolls sideways, signed in,
// offline or with an edit waiting to sync; the header keeps inside the screen with the WCAG
// text-spacing overrides; in lesson mode at 320x256 (400 % zoom) the slide gets most of the screen
// instead of a strip between two sticky bars.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';

/** The text-spacing overrides of WCAG 1.4.12, as a bookmarklet applies them. */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** How far the page scrolls sideways (0 when it reflows). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The page has drawn what it is going to: its main heading, or a message that it cannot. */
async function settled(page: Page) {
  await expect(
    page.getByRole('heading', { level: 1 }).or(page.getByRole('alert')).first(),
  ).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

async function expectReflows(page: Page, path: string, state: string) {
  await page.goto(path);
  await settled(page);
  const overflow = await sidewaysScroll(page);
  if (overflow > 0)
    await page.screenshot({
      path: `${SHOTS}/reflow-${state}-${path.replace(/\W+/g, '_')}.png`,
      fullPage: true,
    });
  expect(
    overflow,
    `${path} (${state}) scrolls sideways at ${page.viewportSize()?.width}px`,
  ).toBeLessThanOrEqual(0);
}

async function pagesToVisit(page: Page): Promise<string[]> {
  const walks = await seededLessonSlideshows(page.request);
  const lessonMode = walks[0]!.firstSlidePath;
  const lesson = lessonMode.replace(/\/slides\/.*$/, '');
  await page.goto('/playlists');
  const playlist = page.getByRole('link', { name: /^View Playlist/ }).first();
  await expect(playlist).toBeVisible();
  const playlistPath = (await playlist.getAttribute('href'))!;
  return [
    '/',
    '/primary/sound-explorers',
    lesson,
    '/playlists',
    playlistPath,
    '/offline',
    lessonMode,
  ];
}

test.describe('reflow at 320 px', () => {
  test('no page scrolls sideways signed in, offline, or with an edit waiting to sync', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    await storeSubscriberSession(page);
    await page.setViewportSize({ width: 320, height: 720 });
    const paths = await pagesToVisit(page);
    await waitForServiceWorker(page);
    for (const path of paths) await expectReflows(page, path, 'signed-in');

    // Offline: the worker answers every page from what the visits above cached.
    await context.setOffline(true);
    for (const path of paths) {
      await expectReflows(page, path, 'offline');
      await page.reload();
      await settled(page);
      expect(await sidewaysScroll(page), `${path} reloaded offline`).toBeLessThanOrEqual(0);
    }
    // The header really was in its offline state (the pill that pushed 'Menu' off the screen).
    await page.goto('/');
    await settled(page);
    await expect(page.getByRole('banner').getByText('Offline', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/reflow-320-offline.png` });

    // An edit made offline waits on this device: the header's pill says so on every page.
    await page.goto('/playlists');
    await page.getByRole('button', { name: /Create (a new|your first) playlist/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Playlist details' });
    await dialog.getByLabel('Playlist name').fill('Reflow check');
    await dialog.getByRole('button', { name: 'Save Playlist' }).click();
    await expect(dialog).toBeHidden();
    // Offline, the pill reads 'Offline' and says the rest to screen readers.
    const pill = page
      .getByRole('banner')
      .getByRole('status')
      .filter({ hasText: /^Offline, .*\(saved on this device\)/ });
    await expect(pill).toBeVisible();
    for (const path of paths) {
      await expectReflows(page, path, 'waiting-to-sync');
      if (path !== paths.at(-1)) await expect(pill).toBeVisible();
    }
    await page.goto('/playlists');
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/reflow-320-waiting.png` });
    await context.setOffline(false);
  });

  test('with the WCAG text-spacing overrides the header and pages stay inside 390 and 320 px', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await storeSubscriberSession(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const paths = await pagesToVisit(page);
    await waitForServiceWorker(page);
    for (const offline of [false, true]) {
      await context.setOffline(offline);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        // /subscribe signed in: the account details, the members panel and their addresses.
        for (const path of [...paths.slice(0, 4), '/subscribe']) {
          await page.goto(path);
          await settled(page);
          await page.addStyleTag({ content: TEXT_SPACING });
          const header = await page.getByRole('banner').boundingBox();
          expect(
            header!.width,
            `header of ${path} at ${width}px${offline ? ' offline' : ''}`,
          ).toBeLessThanOrEqual(width);
          expect(
            await sidewaysScroll(page),
            `${path} at ${width}px with text spacing${offline ? ' offline' : ''}`,
          ).toBeLessThanOrEqual(0);
          const toggle = await page.getByRole('button', { name: 'Menu' }).boundingBox();
          expect(
            toggle!.x + toggle!.width,
            `'Menu' inside the screen at ${width}px`,
          ).toBeLessThanOrEqual(width);
        }
        await page.screenshot({
          path: `${SHOTS}/text-spacing-${width}${offline ? '-offline' : ''}.png`,
        });
      }
    }
    await context.setOffline(false);
  });
});

test.describe('lesson mode at 400 % zoom', () => {
  test('at 320x256 the slide gets at least half the screen, not a strip between two sticky bars', async ({
    page,
  }) => {
    await storeSubscriberSession(page);
    const walks = await seededLessonSlideshows(page.request);
    await page.setViewportSize({ width: 320, height: 256 });
    await page.goto(walks[0]!.firstSlidePath);
    const slide = page.getByRole('article');
    await expect(slide).toBeVisible();
    // Brought to the top of the screen, as Tab or a screen reader brings it: how much of the
    // screen shows the slide's stage, less what the bars cover of it.
    const visible = await slide.evaluate((article) => {
      const stage = article.parentElement!;
      stage.scrollIntoView({ block: 'start' });
      const box = stage.getBoundingClientRect();
      let top = Math.max(0, box.top);
      let bottom = Math.min(window.innerHeight, box.bottom);
      const viewer = stage.parentElement!;
      for (const bar of viewer.children) {
        const { position } = getComputedStyle(bar);
        if (bar === stage || (position !== 'sticky' && position !== 'fixed')) continue;
        const barBox = bar.getBoundingClientRect();
        if (barBox.bottom <= top || barBox.top >= bottom) continue;
        if (barBox.top <= top) top = Math.max(top, barBox.bottom);
        else bottom = Math.min(bottom, barBox.top);
      }
      return Math.max(0, bottom - top);
    });
    await page.screenshot({ path: `${SHOTS}/lesson-mode-320x256.png` });
    expect(visible, 'slide height at 320x256').toBeGreaterThanOrEqual(256 / 2);
    // The controls are still reachable: scrolled to, not gone.
    await page
      .getByRole('button', { name: 'Next slide' })
      .or(page.getByRole('link', { name: /^Next/ }))
      .first()
      .scrollIntoViewIfNeeded();
    await expect(page.getByText(/\d+ of \d+/).first()).toBeInViewport();
  });
});
