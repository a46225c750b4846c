import { expect, test } from './support/fixtures';
import { logInAsSubscriber, logOut, waitForServiceWorker } from './support/session';

// Offline, search answers from this device only (what the teacher downloaded or saw), says so
// and how many items it holds; Log Out empties the device's search index with everything else.

/** Rows in the device's search index (IndexedDB `searchIndex`). */
const searchRows = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('music-classroom');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('searchIndex')) return resolve(0);
          const request = database.transaction('searchIndex').objectStore('searchIndex').count();
          request.onsuccess = () => {
            database.close();
            resolve(request.result);
          };
        };
      }),
  );

test('a downloaded lesson is found offline, from this device only; Log Out empties the index', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await logInAsSubscriber(page);
  await page.goto('/primary/sound-explorers');
  await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
  await page.getByRole('link', { name: 'Lesson 2: Pulse everywhere' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lesson 2: Pulse everywhere' }),
  ).toBeVisible();
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({
    timeout: 120_000,
  });

  await context.setOffline(true);
  const field = page.getByRole('searchbox', { name: 'Search' });
  await field.click();
  const combobox = page.getByRole('combobox', { name: 'Search' });
  await combobox.fill('pulse everywh');
  await expect(page.getByRole('option', { name: /Lesson 2: Pulse everywhere/ })).toBeVisible();
  await combobox.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=pulse\+everywh/);
  await expect(
    page.getByText(
      /You are offline: these results come from this device only, which holds \d+ items?\./,
    ),
  ).toBeVisible();
  const lesson = page.getByRole('main').getByRole('link', { name: 'Lesson 2: Pulse everywhere' });
  await expect(lesson).toBeVisible();
  // Nothing that is not on the device: a lesson that was not downloaded is not found.
  await page.goto('/search?q=samba%20carnival').catch(() => undefined);
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Lesson 4: Samba carnival' }),
  ).toHaveCount(0);
  await context.setOffline(false);
  await page.goto('/search?q=pulse%20everywhere');
  expect(await searchRows(page)).toBeGreaterThan(0);

  await logOut(page);
  await expect.poll(() => searchRows(page), { timeout: 20_000 }).toBe(0);
});

test('a page seen while browsing is found offline and opens from the device; a page never seen is not found', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await logInAsSubscriber(page);
  await waitForServiceWorker(page);
  // Browsed online, never downloaded.
  await page.goto('/primary/sound-explorers');
  await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Listening and moving' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.goto('/search?q=listening%20and%20mov').catch(() => undefined);
  await expect(
    page.getByText(
      /You are offline: these results come from this device only, which holds \d+ items?\./,
    ),
  ).toBeVisible();
  const unit = page.getByRole('main').getByRole('link', { name: 'Listening and moving' });
  await expect(unit).toBeVisible();
  // Nothing of a page never seen: another programme's unit is not found.
  await page.goto('/search?q=samba%20carnival').catch(() => undefined);
  await expect(page.getByText('No results for ‘samba carnival’.')).toBeVisible();
  // The result opens the page the device kept.
  await page.goto('/search?q=listening%20and%20mov').catch(() => undefined);
  await unit.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Listening and moving' })).toBeVisible();
  await context.setOffline(false);
});
