import type { BrowserContext } from '@playwright/test';
import type { Faults } from './support/faults';
import { DEMO, expect, test } from './support/fixtures';
import { logInThroughPanel, openLoginPanel, waitForServiceWorker } from './support/session';

/**
 * Slow is not offline. The real CMS answers every GraphQL request, but 6 s late, as on bad school
 * Wi-Fi: a first visit to a page nothing has cached, and a login, must wait for it (saying the
 * content service is slow) instead of showing "You are offline" or leaving a login half done. The
 * delay is on the wire between the web server and the CMS (the fault proxy), so it holds the
 * service worker's own requests too, which is the path under test: a worker that gives up after
 * 4 s when it has no cached answer would say offline.
 */

const PROGRAMME = '/primary/sound-explorers';
const CMS_DELAY_MS = 6000;
const OFFLINE_TEXT = 'You are offline';

/** Delays every GraphQL request by CMS_DELAY_MS on its way to the CMS; counts the worker's. */
async function slowDownGraphql(
  context: BrowserContext,
  faults: Faults,
): Promise<{ fromWorker: () => number }> {
  let fromWorker = 0;
  context.on('request', (request) => {
    if (request.serviceWorker() && new URL(request.url()).pathname === '/graphql') fromWorker += 1;
  });
  await faults.set([{ fault: 'delay', path: '/graphql', delayMs: CMS_DELAY_MS }]);
  return { fromWorker: () => fromWorker };
}

test.describe('a slow CMS', () => {
  test.beforeEach(async ({ context }) => {
    // Remembers whether the offline text was ever on screen, however briefly.
    await context.addInitScript((text) => {
      const seen = () => {
        if (document.body?.innerText.includes(text))
          sessionStorage.setItem('saw-offline-text', 'yes');
      };
      new MutationObserver(seen).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    }, OFFLINE_TEXT);
  });

  test('a first visit to a page waits for the content, saying the service is slow, never offline', async ({
    page,
    context,
    faults,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await waitForServiceWorker(page);
    const graphql = await slowDownGraphql(context, faults);

    await page.goto(PROGRAMME);
    await expect(page.getByText('Still loading: the content service is slow')).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Sound Explorers' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(
      page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }),
    ).toBeVisible();

    expect(graphql.fromWorker()).toBeGreaterThan(0);
    expect(await page.evaluate(() => sessionStorage.getItem('saw-offline-text'))).toBeNull();
  });

  test('a login on a slow CMS completes whole: logged in with the subscriber role, no reload', async ({
    page,
    context,
    faults,
  }) => {
    test.setTimeout(120_000);
    await page.goto(PROGRAMME);
    await waitForServiceWorker(page);
    const unitLink = page.getByRole('link', {
      name: /^View unit of work\s?: Listening and moving$/,
    });
    const unitPath = await unitLink.getAttribute('href');
    const graphql = await slowDownGraphql(context, faults);

    await unitLink.click();
    const dialog = page.getByRole('dialog', { name: /Log in to/ });
    await dialog.getByLabel('Email address').fill(DEMO.subscriber.email);
    await dialog.getByLabel('Password').fill(DEMO.subscriber.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });

    // The subscriber lands on the unit: the role was known when the session began.
    await expect(page).toHaveURL(unitPath!);
    await expect(page.getByRole('heading', { level: 1, name: 'Listening and moving' })).toBeVisible(
      { timeout: 60_000 },
    );
    await expect(page.getByRole('link', { name: 'Lesson 1: Hello, music' })).toBeVisible();
    await expect(
      page.getByText('You need an active subscription to access this content.'),
    ).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('active_subscriber');

    expect(graphql.fromWorker()).toBeGreaterThan(0);
    expect(await page.evaluate(() => sessionStorage.getItem('saw-offline-text'))).toBeNull();
  });
});

test('offline, a page never saved says so in words, without the raw "Failed to fetch"', async ({
  page,
  context,
}) => {
  await page.goto(PROGRAMME);
  await waitForServiceWorker(page);
  await openLoginPanel(page);
  await logInThroughPanel(page, DEMO.subscriber.email, DEMO.subscriber.password);

  await context.setOffline(true);
  await page.goto(`${PROGRAMME}/activities`);
  const panel = page.getByRole('region', { name: /can't show this page/ });
  await expect(panel).toContainText(
    'You are offline and this page has not been saved on this device yet.',
  );
  await expect(panel).toContainText('Connect to the internet to open this page.');
  await expect(panel).not.toContainText('Failed to fetch');
  await context.setOffline(false);
});
