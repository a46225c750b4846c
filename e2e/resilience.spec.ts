import type { Page } from '@playwright/test';
import type { FaultRule } from '../scripts/fault-proxy.mjs';
import type { Faults } from './support/faults';
import { expect, test } from './support/fixtures';
import { errorPanel, loadingSpinner } from './support/roles';
import { waitForServiceWorker } from './support/session';

/**
 * Malformed, truncated and slow CMS answers (security suite). The faults are on the wire between
 * the web server and the CMS (the fault proxy, scripts/fault-proxy.mjs): a 500, a body that is not
 * JSON, the CMS's answer cut in half, its answers with their fields missing or null, and a CMS
 * that never answers. The service worker stands between the page and the web server, as in a
 * school; each test has a fresh browser context, so the worker has no earlier answer to fall back
 * on and no persisted query cache can paint over a fault. Each time the page shows the shared
 * error view (src/lib/ui/error-panel.tsx) or what it has, nothing is thrown uncaught, and once the
 * CMS answers again the app works after a navigation.
 */

const ERROR_HEADING = /Oops! Seems like we played the wrong note and can't show this page/;

const PAGES = [
  { path: '/primary/sound-explorers', heading: 'Sound Explorers' },
  { path: '/', heading: 'Music Classroom' },
] as const;

const ON_GRAPHQL = { path: '/graphql' } as const;

/**
 * Each fault, and whether the page must show the shared error view (true) or may render what
 * exists (false). An answer missing fields at any level is not the CMS's: requestCms rejects it
 * (src/lib/cms/answer-shape.ts), so the error view shows instead of a crash.
 */
const FAULTS: { name: string; rule: FaultRule; errorView: boolean }[] = [
  {
    name: 'a 500',
    errorView: true,
    rule: {
      ...ON_GRAPHQL,
      fault: 'answer',
      status: 500,
      body: '{"errors":[{"message":"Internal Server Error"}]}',
    },
  },
  {
    name: 'a body that is not JSON',
    errorView: true,
    rule: { ...ON_GRAPHQL, fault: 'answer', body: '<html><body>Bad gateway</body></html>' },
  },
  { name: 'a truncated body', errorView: true, rule: { ...ON_GRAPHQL, fault: 'truncate' } },
  {
    name: 'an answer with its fields missing',
    errorView: true,
    rule: { ...ON_GRAPHQL, fault: 'rewrite', mode: 'strip-fields' },
  },
  {
    name: 'an answer with every field null',
    errorView: false,
    rule: { ...ON_GRAPHQL, fault: 'rewrite', mode: 'null-fields' },
  },
  {
    name: 'an empty data object',
    errorView: true,
    rule: { ...ON_GRAPHQL, fault: 'answer', body: '{"data":{}}' },
  },
  {
    name: 'null data without errors',
    errorView: true,
    rule: { ...ON_GRAPHQL, fault: 'answer', body: '{"data":null}' },
  },
];

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    errors.push(`${page.url()}: ${error.message}`);
  });
  return errors;
}

async function expectErrorView(page: Page, path: string) {
  const panel = errorPanel(page);
  await expect(panel.getByRole('heading', { name: ERROR_HEADING })).toBeVisible({
    timeout: 15_000,
  });
  await expect(panel).toContainText(`Page: ${path}`);
  await expect(panel.getByRole('link', { name: 'return to the previous view' })).toBeVisible();
}

/** The app's own crash screen must never be what a bad answer leads to. */
async function expectNoCrash(page: Page) {
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
}

/**
 * Opens the page with the worker standing between it and the CMS: the first visit installs the
 * worker (the fault already on, so it keeps no good answer to fall back on), the second is under
 * it. Returns how many GraphQL requests the worker itself sent from then on.
 */
async function openUnderWorker(page: Page, path: string): Promise<() => number> {
  await page.goto(path);
  await waitForServiceWorker(page);
  let fromWorker = 0;
  page.context().on('request', (request) => {
    if (request.serviceWorker() && new URL(request.url()).pathname === '/graphql') fromWorker += 1;
  });
  await page.goto(path);
  return () => fromWorker;
}

/** With the CMS answering again, a navigation brings the page back. */
async function expectRecovery(page: Page, faults: Faults, path: string, heading: string) {
  await faults.clear();
  await page.goto(path);
  await expect(page.locator('main h1').first()).toHaveText(heading);
  await expect(errorPanel(page)).toHaveCount(0);
}

test.describe('malformed CMS answers', () => {
  for (const { path, heading } of PAGES) {
    for (const { name, rule, errorView } of FAULTS) {
      test(`${path}: ${name}`, async ({ page, faults }) => {
        const errors = collectPageErrors(page);
        await faults.set([rule]);
        const fromWorker = await openUnderWorker(page, path);
        if (errorView) {
          await expectErrorView(page, path);
        } else {
          // What exists is shown, or the error view: never a crash or an endless spinner.
          await expect(errorPanel(page).or(page.locator('main h1')).first()).toBeAttached();
          await expect(loadingSpinner(page)).toHaveCount(0);
        }
        await expectNoCrash(page);
        expect(fromWorker(), 'the worker stood between the page and the CMS').toBeGreaterThan(0);
        expect(errors).toEqual([]);
        await expectRecovery(page, faults, path, heading);
        expect(errors).toEqual([]);
      });
    }

    test(`${path}: a CMS that never answers gives the error view after the request timeout`, async ({
      page,
      faults,
    }) => {
      const errors = collectPageErrors(page);
      await faults.set([{ ...ON_GRAPHQL, fault: 'hang' }]);
      // A fake clock: the request timeout (20 s, src/lib/cms/request-timeout.ts) is reached by
      // jumping ahead rather than waiting.
      await page.goto(path);
      await waitForServiceWorker(page);
      const before = (await faults.hits())[0] ?? 0;
      await page.clock.install();
      await page.goto(path);
      await expect(loadingSpinner(page)).toBeVisible();
      // The page's requests, through the worker, are held at the CMS.
      await expect.poll(async () => (await faults.hits())[0]).toBeGreaterThan(before);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.clock.fastForward('00:19');
      await expect(loadingSpinner(page), 'still waiting before the timeout').toBeVisible();
      await page.clock.fastForward('00:02');
      await expectErrorView(page, path);
      await expectNoCrash(page);
      expect(errors).toEqual([]);
      await expectRecovery(page, faults, path, heading);
      expect(errors).toEqual([]);
    });
  }
});
