import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures';
import { walkLesson } from './support/lesson-walk';
import { screenshotBothSizes } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe';
import {
  logInAsSubscriber,
  logInThroughPanel,
  openLoginPanel,
  waitForServiceWorker,
} from './support/session';
import { slideMedia } from './support/roles';

// A lesson travels as a file: device A saves its downloaded Samba lesson; device B, offline and
// signed in as another subscriber, opens the file and teaches every slide with its media, with
// nothing fetched. A changed byte, a truncated file and a trial teacher are refused, storing
// nothing. Everything in the file is signed by the real CMS (cms/src/download-signing).

const LESSON = 'Lesson 4: Samba carnival';
const PLAYLIST = 'Monday morning warm-ups';
const NOTHING_DOWNLOADED = /^Nothing is downloaded yet\./;

/** 'Save as a file' on the storage page: the file the browser receives, kept at `path`. */
async function saveAsFile(page: Page, title: string, path: string): Promise<string> {
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: `Save as a file ${title}` }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^[\w-]+\.mclesson$/);
  await download.saveAs(path);
  await expect(page.getByRole('status').filter({ hasText: 'was saved as a file' })).toHaveText(
    new RegExp(`^${title} was saved as a file \\(\\d+\\.\\d MB\\)\\.`),
  );
  return path;
}

async function openSambaLesson(page: Page) {
  await page.goto('/primary/rhythm-makers');
  await page.getByRole('link', { name: /^View unit of work\s?: Pulse and rhythm$/ }).click();
  await page.getByRole('link', { name: LESSON }).click();
  await expect(page.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
}

/** A device signed in as `email`, its worker in control, on the storage page. */
async function device(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/');
  await openLoginPanel(page);
  await logInThroughPanel(page, email, password);
  await waitForServiceWorker(page);
  await page.goto('/offline');
  await expect(page.getByRole('heading', { level: 1, name: 'Offline storage' })).toBeVisible();
  // Online, the device learns the CMS's key (kept in IndexedDB's meta), to check files offline.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('music-classroom');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const request = open.result
                .transaction('meta')
                .objectStore('meta')
                .get('download-signing-key');
              request.onsuccess = () => {
                resolve(request.result !== undefined);
                open.result.close();
              };
              request.onerror = () => resolve(false);
            };
          }),
      ),
    )
    .toBe(true);
  return { context, page };
}

/** Chooses the file in 'Open a lesson file' and waits for what the page says of it. */
async function chooseFile(page: Page, path: string) {
  await page.getByLabel('Choose a lesson file, or drop it here').setInputFiles(path);
  const section = page.getByRole('region', { name: 'Open a lesson file' });
  await expect(section.getByText(/^Checking /)).toHaveCount(0, { timeout: 60_000 });
  return section;
}

test('a lesson saved as a file on one device opens offline on another and runs every slide', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  // Device A downloads the lesson and saves it as a file.
  await logInAsSubscriber(page);
  await waitForServiceWorker(page);
  await openSambaLesson(page);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({
    timeout: 120_000,
  });
  // And the demo playlist (an activity with slides, and an audio item).
  await page.goto('/playlists');
  await page.getByRole('link', { name: /^View Playlist\s?: Monday morning warm-ups$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: PLAYLIST })).toBeVisible();
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true })).toBeVisible({
    timeout: 120_000,
  });
  await page.goto('/offline');
  const file = await saveAsFile(page, LESSON, testInfo.outputPath('samba.mclesson'));
  const playlistFile = await saveAsFile(page, PLAYLIST, testInfo.outputPath('playlist.mclesson'));
  const bytes = await readFile(file);

  // A changed byte (in the middle: a film's bytes) and a truncated copy.
  const changed = Buffer.from(bytes);
  changed[Math.floor(changed.length / 2)]! ^= 0xff;
  await writeFile(testInfo.outputPath('changed.mclesson'), changed);
  await writeFile(
    testInfo.outputPath('truncated.mclesson'),
    bytes.subarray(0, Math.floor(bytes.length * 0.8)),
  );

  // Device B: another subscriber, offline.
  const b = await device(browser, baseURL!, DEMO.subscriber2.email, DEMO.subscriber2.password);
  await b.context.setOffline(true);
  await b.page.reload();
  await expect(b.page.getByText(NOTHING_DOWNLOADED)).toBeVisible();

  for (const [name, refusal] of [
    ['changed.mclesson', /^This file has been changed since it was saved/],
    ['truncated.mclesson', /^This file is incomplete/],
  ] as const) {
    const section = await chooseFile(b.page, testInfo.outputPath(name));
    // A changed file's bytes are read when it is opened (the answers were checked already).
    const open = section.getByRole('button', { name: 'Open it on this device' });
    await expect(open.or(section.getByText(refusal))).toBeVisible();
    if (await open.isVisible()) await open.click();
    // The refusal takes the focus, and nothing was stored.
    const outcome = section.getByText(refusal);
    await expect(outcome).toBeVisible({ timeout: 60_000 });
    await expect(b.page.locator('.storage-open-file__outcome')).toBeFocused();
    await expect(b.page.getByText(NOTHING_DOWNLOADED)).toBeVisible();
  }

  const section = await chooseFile(b.page, file);
  await expect(
    section.getByText(
      /^Lesson 4: Samba carnival is a lesson of \d+\.\d MB\. There is room on this device\.$/,
    ),
  ).toBeVisible();
  await screenshotBothSizes(b.page, 'lesson-file-summary');
  await expectNoAxeViolations(b.page, 'a lesson file checked, before it is opened');
  await section.getByRole('button', { name: 'Open it on this device' }).click();
  await expect(section.getByText(`${LESSON} is on this device and works offline.`)).toBeVisible({
    timeout: 120_000,
  });
  const row = b.page.getByRole('row').filter({ hasText: LESSON });
  await expect(row).toContainText('Available offline');
  await expect(row).toContainText('From a file');
  await screenshotBothSizes(b.page, 'lesson-file-opened');

  // Offline, from the file alone: the lesson page, and lesson mode through every slide.
  await section.getByRole('link', { name: `Open ${LESSON}` }).click();
  await expect(b.page.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  await b.page.getByRole('link', { name: 'Start Lesson' }).click();
  await b.page.getByRole('link', { name: 'Get started' }).click();
  const walked = await walkLesson(b.page);
  expect(walked.slides).toBe(22);

  // The playlist opens as device B's teacher's own copy, and runs offline from the file.
  await b.page.goto('/offline');
  const playlistSection = await chooseFile(b.page, playlistFile);
  await expect(
    playlistSection.getByText(/^Monday morning warm-ups is a playlist of /),
  ).toBeVisible();
  await playlistSection.getByRole('button', { name: 'Open it on this device' }).click();
  await expect(
    playlistSection.getByText(`${PLAYLIST} is now one of Your Playlists, and works offline.`),
  ).toBeVisible({ timeout: 120_000 });
  await playlistSection.getByRole('link', { name: `Open ${PLAYLIST}` }).click();
  await expect(b.page.getByRole('heading', { level: 1, name: PLAYLIST })).toBeVisible();
  await b.page.getByRole('link', { name: 'Start Lesson' }).click();
  await b.page.getByRole('link', { name: 'Get started' }).click();
  expect((await walkLesson(b.page)).slides).toBeGreaterThan(1);
  await expect(slideMedia(b.page, 'audio')).toHaveCount(1);
  await b.context.close();

  // A trial teacher is told why, and nothing is stored.
  const trial = await device(browser, baseURL!, DEMO.trial.email, DEMO.trial.password);
  const trialSection = await chooseFile(trial.page, file);
  await expect(
    trialSection.getByText(
      'This file holds subscriber content. Only a teacher with an active subscription can open it.',
    ),
  ).toBeVisible();
  await expect(trial.page.getByText(NOTHING_DOWNLOADED)).toBeVisible();
  await trial.context.close();
});
