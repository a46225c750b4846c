import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogIn, cmsQuery } from './support/cms-api';
import type { Faults } from './support/faults';
import { DEMO, expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { expectSlideMediaLoaded, stepThroughEverySlide } from './support/lesson-walk';
import { logInAsSubscriber, waitForServiceWorker } from './support/session';
import { slideMedia } from './support/roles';

async function openLesson(page: Page, title: string) {
  await page.goto('/primary/sound-explorers');
  await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

test.describe('making lessons available offline', () => {
  test('a downloaded unit runs lesson by lesson in lesson mode with no network, and removing it frees it', async ({
    page,
    context,
  }) => {
    test.setTimeout(300_000);
    await logInAsSubscriber(page);
    await page.goto('/primary/sound-explorers');
    await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Listening and moving' }),
    ).toBeVisible();
    const unitPath = new URL(page.url()).pathname;
    const lessonPaths = await page
      .locator('main a[href*="/lesson/"]')
      .evaluateAll((links) =>
        [...new Set(links.map((link) => link.getAttribute('href') ?? ''))].filter((href) =>
          /\/lesson\/[^/]+$/.test(href),
        ),
      );
    expect(lessonPaths.length).toBeGreaterThanOrEqual(2);
    await waitForServiceWorker(page);

    // The progress bar, watched from the page: the highest share it showed.
    await page.evaluate(() => {
      const w = window as { __maxProgress?: number };
      w.__maxProgress = 0;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('progress'))
          w.__maxProgress = Math.max(w.__maxProgress ?? 0, bar.value / bar.max);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({
      timeout: 120_000,
    });
    // The bar moved while it ran (the screen observes the stored record, so its last step and
    // "complete" can arrive in one render), and what is stored is the whole: every byte counted.
    expect(
      await page.evaluate(() => (window as { __maxProgress?: number }).__maxProgress),
    ).toBeGreaterThan(0.2);
    const stored = await page.evaluate(
      () =>
        new Promise<{ status: string; bytesDone: number; bytesTotal: number }[]>(
          (resolve, reject) => {
            const open = indexedDB.open('music-classroom');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const request = open.result
                .transaction('downloads')
                .objectStore('downloads')
                .getAll();
              request.onsuccess = () => {
                resolve(
                  request.result as { status: string; bytesDone: number; bytesTotal: number }[],
                );
                open.result.close();
              };
            };
          },
        ),
    );
    expect(stored.filter((record) => record.status === 'complete').length).toBeGreaterThan(0);
    for (const record of stored) expect(record.bytesDone).toBe(record.bytesTotal);
    // Each lesson of the downloaded unit is marked in the unit's list.
    await expect(
      page.getByRole('region', { name: 'Lessons', exact: true }).getByRole('listitem'),
    ).toHaveText(lessonPaths.map(() => / Available offline$/));
    await expectNoAxeViolations(page, 'a downloaded unit');
    // The programme's list of units marks the downloaded one, and only that one.
    await page.goto('/primary/sound-explorers');
    const unitCards = page
      .getByRole('region', { name: 'Units of work', exact: true })
      .getByRole('listitem');
    await expect(
      unitCards
        .filter({ has: page.getByRole('heading', { name: 'Listening and moving', exact: true }) })
        .getByText('Available offline', { exact: true }),
    ).toBeVisible();
    await expect(
      unitCards
        .filter({ has: page.getByRole('heading', { name: 'Singing together', exact: true }) })
        .getByText(/available offline/i),
    ).toHaveCount(0);

    await page.goto('/offline');
    const row = page.getByRole('row').filter({ hasText: 'Listening and moving' });
    await expect(row).toContainText('Available offline');
    await expect(row).toContainText(/\d+\.\d MB/);
    await expectNoAxeViolations(page, 'the storage page');
    await screenshotBothSizes(page, 'offline-storage');

    // Offline, after a reload: every lesson of the unit, every slide, with its media.
    await context.setOffline(true);
    await page.goto(unitPath);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Listening and moving' }),
    ).toBeVisible();
    for (const lessonPath of lessonPaths) {
      await page.goto(lessonPath);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Start Lesson' }).click();
      await page.getByRole('link', { name: 'Get started' }).click();
      await stepThroughEverySlide(page);
    }

    await context.setOffline(false);
    await page.goto('/offline');
    await page.getByRole('button', { name: /^Remove Listening and moving/ }).click();
    await expect(page.getByText('Nothing is downloaded yet.', { exact: false })).toBeVisible();
    await context.setOffline(true);
    await page.goto(`${lessonPaths[0]}/slides`);
    await expect(page.getByText(/offline|could not be reached|internet/i).first()).toBeVisible();
    await context.setOffline(false);
  });

  test('a download interrupted by a lost connection resumes without fetching finished files again', async ({
    page,
    faults,
  }) => {
    test.setTimeout(180_000);
    await logInAsSubscriber(page);
    await openLesson(page, 'Lesson 2: Pulse everywhere');
    await waitForServiceWorker(page);

    // On the wire: three of the download's files arrive, then the connection to the CMS dies for
    // the rest (downloads only: the HEAD requests that size files and the page's own images pass).
    await faults.set([
      { fault: 'pass', method: 'GET', path: '/uploads/', header: MEDIA_DOWNLOAD, times: 3 },
      { fault: 'cut', method: 'GET', path: '/uploads/', header: MEDIA_DOWNLOAD },
    ]);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByRole('button', { name: 'Resume download' })).toBeVisible({
      timeout: 60_000,
    });
    const fetchedBefore = await fetchedFiles(faults);
    expect(fetchedBefore).toHaveLength(3);

    // The connection is back: every download request passes, and is logged.
    await faults.set([{ fault: 'pass', method: 'GET', path: '/uploads/', header: MEDIA_DOWNLOAD }]);
    await page.getByRole('button', { name: 'Resume download' }).click();
    await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({
      timeout: 60_000,
    });
    const fetched = await fetchedFiles(faults);
    // Files finished before the cut were not fetched again, and none twice.
    expect(fetched.filter((path) => fetchedBefore.includes(path))).toEqual([]);
    expect(new Set(fetched).size).toBe(fetched.length);
  });
});

test.describe('downloads never hang', () => {
  test('a download a reload cut short waits offline and carries on by itself when the network returns', async ({
    page,
    context,
    faults,
  }) => {
    test.setTimeout(180_000);
    await logInAsSubscriber(page);
    await openLesson(page, 'Lesson 2: Pulse everywhere');
    await waitForServiceWorker(page);

    // Two files arrive, then the rest hang on the wire (a school network stalling) until the page
    // reloads.
    await faults.set([
      { fault: 'pass', method: 'GET', path: '/uploads/', header: MEDIA_DOWNLOAD, times: 2 },
      { fault: 'hold', method: 'GET', path: '/uploads/', header: MEDIA_DOWNLOAD },
    ]);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByText(/Downloading for offline use: 2 of \d+ files/)).toBeVisible({
      timeout: 60_000,
    });

    // The held files stay held: the reload, offline, abandons them (as a closed lid would).
    await context.setOffline(true);
    await page.reload();
    const panel = page.getByRole('region', { name: /^Offline use of/ });
    await expect(panel.getByRole('button', { name: 'Resume download' })).toBeDisabled();
    await expect(panel.getByRole('alert')).toHaveText(
      'The connection was lost. The download carries on by itself when the device is back online.',
    );
    await expect(panel.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    await faults.clear();
    await context.setOffline(false);
    // Nobody presses anything: the `online` event resumes it.
    await expect(panel.getByText('Available offline', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
  });
});

/** A download's own requests for files carry this header; the page's images do not. */
const MEDIA_DOWNLOAD = { name: 'x-media-download', value: '1' };

/** The files a download fetched through the CMS since the last rules were set, in order. */
async function fetchedFiles(faults: Faults): Promise<string[]> {
  return (await faults.log()).filter((entry) => entry.fault === 'pass').map((entry) => entry.path);
}

/** The download records in this browser's IndexedDB: what the storage page and buttons read. */
function downloadStatuses(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('music-classroom');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('downloads').objectStore('downloads').getAll();
          read.onsuccess = () => {
            open.result.close();
            resolve(
              Object.fromEntries(
                (read.result as { title: string; status: string }[]).map((record) => [
                  record.title,
                  record.status,
                ]),
              ),
            );
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

test.describe('downloads never hang, from any page', () => {
  test('a download a reload cut short while its queries ran completes by itself on another page', async ({
    page,
    faults,
  }) => {
    test.setTimeout(180_000);
    await logInAsSubscriber(page);
    const lessonPath = await openLesson(page, 'Lesson 3: Stories in sound');
    await waitForServiceWorker(page);

    // The download's first slideshow query is never answered (a CMS stalling on the wire) until
    // the page is left, so the reload comes before the download knows its files.
    await faults.set([
      { fault: 'hang', path: '/graphql', bodyIncludes: 'query LessonSlideShow', times: 1 },
    ]);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect.poll(async () => (await faults.hits())[0]).toBe(1);
    await expect(page.getByText('Downloading for offline use: finding its files…')).toBeVisible();

    // Reloaded on the home page: the lesson's page, and its plan, are not there.
    await page.goto('/');
    await faults.clear();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => downloadStatuses(page), { timeout: 60_000 })
      .toEqual({ 'Lesson 3: Stories in sound': 'complete' });
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/offline');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Lesson 3: Stories in sound' }) });
    await expect(row.getByRole('cell', { name: 'Available offline' })).toBeVisible();
    await expect(row.getByRole('link', { name: 'Lesson 3: Stories in sound' })).toHaveAttribute(
      'href',
      lessonPath,
    );
  });
});

test.describe('making playlists and audio available offline', () => {
  test('a downloaded playlist and audio page play with no network after a reload, and the storage page checks them against the CMS', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    const token = await apiLogIn(page.request, DEMO.subscriber.email);
    const { audioPages } = await cmsQuery<{
      audioPages: { documentId: string; title: string; Score: { documentId: string }[] }[];
    }>(
      page.request,
      token,
      'query E2eAudioPages { audioPages(sort: "title:asc") { documentId title Score { documentId } } }',
    );
    // A page with a score, so the offline score link is proven too.
    const audioPage = audioPages.find((candidate) => candidate.Score.length > 0)!;
    expect(audioPage, 'a seeded audio page with a score').toBeTruthy();
    await logInAsSubscriber(page);
    await waitForServiceWorker(page);

    // The demo playlist: an activity with slides and an audio item, none of them visited yet.
    await page.goto('/playlists');
    await page.getByRole('link', { name: /^View Playlist\s?: Monday morning warm-ups$/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Monday morning warm-ups' }),
    ).toBeVisible();
    const playlistPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByText('Available offline', { exact: true })).toBeVisible({
      timeout: 120_000,
    });
    await expectNoAxeViolations(page, 'a downloaded playlist');

    const audioPath = `/audiolibrary/page/${audioPage.documentId}`;
    await page.goto(audioPath);
    await expect(page.getByRole('heading', { level: 1, name: audioPage.title })).toBeVisible();
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByText('Available offline', { exact: true })).toBeVisible({
      timeout: 120_000,
    });
    await expect(page.getByRole('link', { name: /score/i }).first()).toHaveAttribute(
      'href',
      /^\/documents\//,
    );

    await page.goto('/offline');
    await page.getByRole('button', { name: 'Check for updates' }).click();
    for (const title of ['Monday morning warm-ups', audioPage.title]) {
      await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Up to date');
    }
    await expectNoAxeViolations(page, 'the storage page after a check');

    await context.setOffline(true);
    await page.goto(playlistPath);
    await page.reload();
    await page.getByRole('link', { name: 'Start Lesson' }).click();
    await page.getByRole('link', { name: 'Get started' }).click();
    expect(await stepThroughEverySlide(page)).toBeGreaterThan(1);
    // The audio item is its own slide, and it played above (readyState >= 2) from the stored file.
    await expect(slideMedia(page, 'audio')).toHaveCount(1);

    await page.goto(audioPath);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: audioPage.title })).toBeVisible();
    await expectSlideMediaLoaded(page);
    // Offline, score links go to the stored file itself (the /documents/ redirect needs the CMS).
    const scoreLinks = await page
      .getByRole('link', { name: /score/i })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(scoreLinks.length).toBeGreaterThan(0);
    for (const href of scoreLinks) {
      expect(href).toMatch(/^\/uploads\//);
      expect(
        await page.evaluate(async (url) => (await fetch(url)).status, href),
        `${href} offline`,
      ).toBe(200);
    }
    await context.setOffline(false);
  });
});
