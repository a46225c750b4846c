import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/session';

test.describe('home page from the CMS', () => {
  test('renders the CMS title and a tile per audience', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
    for (const audience of ['Primary', 'Secondary', 'SEND', 'Live']) {
      await expect(
        page.getByRole('link', { name: `Explore ${audience}`, exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Explore Primary', exact: true })).toHaveAttribute(
      'href',
      '/primary',
    );
    expect(errors).toEqual([]);
  });

  test('renders again from the service worker after going offline and reloading', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    expect(title).toBeTruthy();
    // The worker must control the page before the network goes away.
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    await expect(page.getByRole('link', { name: 'Explore Primary', exact: true })).toBeVisible();

    // A deep link never visited before still opens the shell offline.
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Lost?' })).toBeVisible();
    await context.setOffline(false);
  });

  test("the main navigation's audience menus carry the spec's fixed home links", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const homes: [string, string, string][] = [
      ['Primary', 'Primary home', '/primary'],
      ['Secondary', 'Secondary home', '/secondary'],
      ['SEND', 'SEND home', '/send'],
      ['Live', 'Live home', '/live'],
    ];
    for (const [menu, label, href] of homes) {
      await nav.getByRole('button', { name: menu, exact: true }).click();
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'href',
        href,
      );
      await page.keyboard.press('Escape');
    }
  });

  test('a page that loaded while the worker was activating is taken over without a reload', async ({
    page,
    context,
  }) => {
    // Hold the second tab's page until the worker has fully activated (its claim of open pages is
    // done): that page was on its way during activation, so only the app's own request for a
    // claim can put it under the worker (a single-page app never navigates again).
    await context.route(/\/primary$/, async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      await page.waitForFunction(
        async () =>
          (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
        undefined,
        {
          timeout: 30_000,
        },
      );
      await route.fulfill({ response: await route.fetch() });
    });
    await page.goto('/');
    const second = await context.newPage();
    await second.goto('/primary');
    await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => second.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await second.close();
  });

  test('shows the Lost? page for an unknown route', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Lost?' })).toBeVisible();
    await expect(page.getByText('That page could not be found')).toBeVisible();
  });

  test('is installable: the manifest has a name, start URL and 192/512 icons', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await request.get(href ?? '')).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { sizes: string; src: string }[];
    };
    expect(manifest.name).toBe('Music Classroom');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((entry) => entry.sizes === size);
      expect(icon, `icon ${size}`).toBeTruthy();
      expect((await request.get(icon?.src ?? '')).status()).toBe(200);
    }
  });
});
