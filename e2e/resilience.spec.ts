import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Malformed, truncated and slow CMS answers (issue 10, security suite). Faults are injected into
 * the real stack's GraphQL traffic with route interception: a 500, a body that is not JSON, a
 * body cut in half, answers with their fields missing or null, and a CMS that never answers.
 * Each time the page shows the shared error view (src/lib/ui/error-panel.tsx) or what it has,
 * nothing is thrown uncaught, and once the CMS answers again the app works after a navigation.
 *
 * The service worker is blocked here: it answers GraphQL itself (network-first with a cache,
 * sw/graphql-cache.ts), and Playwright intercepts a page's requests reliably only when no
 * worker stands between them. Each test has a fresh browser context, so no persisted query
 * cache can paint over a fault.
 */
test.use({ serviceWorkers: 'block' });

const ERROR_HEADING = /Oops! Seems like we played the wrong note and can't show this page/;

const PAGES = [
  { path: '/primary/sound-explorers', heading: 'Sound Explorers' },
  { path: '/', heading: 'Music Classroom' },
] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every top-level answer with its fields gone: lists hold one empty object, objects are empty. */
function withoutFields(data: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, Array.isArray(value) ? [{}] : value && typeof value === 'object' ? {} : null]),
  );
}

/** The same shape with every value null (lists keep their length). */
function nulled(value: Json): Json {
  if (Array.isArray(value)) return value.map(nulled);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).map((key) => [key, nulled(value[key] ?? null)]));
  return null;
}

type Fault = (route: Route) => Promise<void>;

async function realAnswer(route: Route): Promise<{ data: Record<string, Json> | null }> {
  return (await (await route.fetch()).json()) as { data: Record<string, Json> | null };
}

/**
 * Each fault, and whether the page must show the shared error view (true) or may render what
 * exists (false). An answer missing fields at any level is not the CMS's: requestCms rejects it
 * (src/lib/cms/answer-shape.ts), so the error view shows instead of a crash.
 */
const FAULTS: { name: string; fault: Fault; errorView: boolean }[] = [
  {
    name: 'a 500',
    errorView: true,
    fault: (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"Internal Server Error"}]}' }),
  },
  {
    name: 'a body that is not JSON',
    errorView: true,
    fault: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '<html><body>Bad gateway</body></html>' }),
  },
  {
    name: 'a truncated body',
    errorView: true,
    fault: async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      await route.fulfill({ response, body: text.slice(0, Math.floor(text.length / 2)) });
    },
  },
  {
    name: 'an answer with its fields missing',
    errorView: true,
    fault: async (route) => {
      const { data } = await realAnswer(route);
      await route.fulfill({ status: 200, contentType: 'application/json', json: { data: data ? withoutFields(data) : null } });
    },
  },
  {
    name: 'an answer with every field null',
    errorView: false,
    fault: async (route) => {
      const { data } = await realAnswer(route);
      await route.fulfill({ status: 200, contentType: 'application/json', json: { data: nulled(data) } });
    },
  },
  {
    name: 'an empty data object',
    errorView: true,
    fault: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":{}}' }),
  },
  {
    name: 'null data without errors',
    errorView: true,
    fault: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":null}' }),
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
  const panel = page.locator('main .error-panel');
  await expect(panel.getByRole('heading', { name: ERROR_HEADING })).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText(`Page: ${path}`);
  await expect(panel.getByRole('link', { name: 'return to the previous view' })).toBeVisible();
}

/** The app's own crash screen must never be what a bad answer leads to. */
async function expectNoCrash(page: Page) {
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
}

/** With the CMS answering again, a navigation brings the page back. */
async function expectRecovery(page: Page, path: string, heading: string) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto(path);
  await expect(page.locator('main h1').first()).toHaveText(heading);
  await expect(page.locator('main .error-panel')).toHaveCount(0);
}

test.describe('malformed CMS answers', () => {
  for (const { path, heading } of PAGES) {
    for (const { name, fault, errorView } of FAULTS) {
      test(`${path}: ${name}`, async ({ page }) => {
        const errors = collectPageErrors(page);
        await page.route('**/graphql', fault);
        await page.goto(path);
        if (errorView) {
          await expectErrorView(page, path);
        } else {
          // What exists is shown, or the error view: never a crash or an endless spinner.
          await expect(page.locator('main .error-panel, main h1').first()).toBeAttached();
          await expect(page.locator('main .spinner')).toHaveCount(0);
        }
        await expectNoCrash(page);
        expect(errors).toEqual([]);
        await expectRecovery(page, path, heading);
        expect(errors).toEqual([]);
      });
    }

    test(`${path}: a CMS that never answers gives the error view after the request timeout`, async ({ page }) => {
      const errors = collectPageErrors(page);
      const hanging: Route[] = [];
      await page.route('**/graphql', (route) => {
        hanging.push(route);
      });
      // A fake clock: the request timeout (20 s, src/lib/cms/request-timeout.ts) is reached by
      // jumping ahead rather than waiting.
      await page.clock.install();
      await page.goto(path);
      await expect(page.locator('main .spinner')).toBeVisible();
      await expect.poll(() => hanging.length).toBeGreaterThan(0);
      await page.clock.fastForward('00:19');
      await expect(page.locator('main .spinner'), 'still waiting before the timeout').toBeVisible();
      await page.clock.fastForward('00:02');
      await expectErrorView(page, path);
      await expectNoCrash(page);
      expect(errors).toEqual([]);
      await Promise.all(hanging.map((route) => route.abort().catch(() => undefined)));
      await expectRecovery(page, path, heading);
      expect(errors).toEqual([]);
    });
  }
});
