import type { Page } from '@playwright/test';
import { cmsQuery } from './support/cms-api';
import { expect, test } from './support/fixtures';
import { loadingSpinner } from './support/roles';
import { findActiveContent, payloadById, XSS_PAYLOADS, XSS_URLS } from './support/xss-corpus';

/**
 * The security suite in the browser. The XSS corpus sits in the rich-text and string fields of the
 * 'xss-lab' pages, which the e2e CMS seeds for this spec only (cms/src/seed/security-fixtures.js,
 * enabled by global-setup). Each page is rendered by the real built PWA and must run none of it:
 * `window.__xss` stays unset (each payload would set it to its id), no dialog opens, the page
 * stays where it is, nothing script-like reaches the DOM, and the page still shows its heading.
 * Once with the app's Content-Security-Policy, once with the CSP bypassed, so that the sanitizer
 * alone is shown to hold. Then the CSP itself.
 */

// The service worker plays no part in rendering; without it each test skips its precache.
test.use({ serviceWorkers: 'block' });

const LAB = 'zz-xss-lab';

interface LabPage {
  path: string;
  heading: string;
  /** Also open the bookings dialog (live production). */
  bookings?: boolean;
  /** Also visit the option and delivery tabs (activity). */
  tabs?: boolean;
}

async function labPages(request: Parameters<typeof cmsQuery>[0]): Promise<LabPage[]> {
  const found = await cmsQuery<{
    activityPages: { documentId: string }[];
    audioPages: { documentId: string }[];
  }>(
    request,
    null,
    `query SecurityLab($prefix: String!) {
      activityPages(filters: { title: { startsWith: $prefix } }) { documentId }
      audioPages(filters: { title: { startsWith: $prefix } }) { documentId }
    }`,
    { prefix: LAB },
  );
  const activity = found.activityPages[0]?.documentId;
  const audio = found.audioPages[0]?.documentId;
  expect(
    activity && audio,
    'the XSS lab is seeded (CMS_SECURITY_FIXTURES in global-setup)',
  ).toBeTruthy();
  return [
    { path: '/primary/xss-lab', heading: `${LAB} programme` },
    { path: `/primary/activities/-/${activity}`, heading: `${LAB} activity`, tabs: true },
    { path: '/secondary/xss-lab-landing', heading: `${LAB} landing page` },
    { path: '/secondary/ks-3/project/xss-lab-project', heading: `${LAB} project` },
    { path: `/audiolibrary/page/${audio}`, heading: `${LAB} audio page` },
    { path: '/live/orchestra-live/xss-lab', heading: `${LAB} live production`, bookings: true },
    { path: '/cpd/session/xss-lab', heading: `${LAB} CPD session` },
    { path: '/cpd/live-event/xss-lab', heading: `${LAB} CPD live event` },
  ];
}

/** Watches for the signs of script running: dialogs and uncaught errors. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], errors: [] as string[], reactBlocked: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => {
    // React 19 swaps a javascript: URL it is handed for one that only throws this. Nothing of
    // the payload would run, but the app must not hand a script URL to the DOM at all
    // (parseEmbed refuses them): any such URL fails the test below.
    if (/React has blocked a javascript: URL/.test(error.message)) {
      seen.reactBlocked.push(page.url());
      return;
    }
    seen.errors.push(`${page.url()}: ${error.message}`);
  });
  return seen;
}

/** The page rendered, settled (failed images fired their onerror), and nothing ran. */
async function expectNothingRan(page: Page, path: string, heading: string) {
  await expect(page.locator('main h1').first(), `${path}: its heading`).toContainText(heading);
  await expect(loadingSpinner(page)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // SVG animations begin and <details> toggles fire on the next frames.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200))),
  );
  const ran = await page.evaluate(() => (window as { __xss?: unknown }).__xss);
  expect(
    ran,
    `${path}: payload ${String(ran)} (${payloadById(ran)?.label ?? 'a URL field'}) ran`,
  ).toBeUndefined();
  expect(new URL(page.url()).pathname, `${path}: nothing navigated away`).toBe(path);
  expect(
    await page.evaluate(findActiveContent, '#root'),
    `${path}: script-like content in the DOM`,
  ).toEqual([]);
  await expect(page.locator('main h1').first()).toBeVisible();
}

async function visitLab(page: Page, lab: LabPage) {
  await page.goto(lab.path);
  await expectNothingRan(page, lab.path, lab.heading);
  if (lab.bookings) {
    await page
      .getByRole('main')
      .getByRole('button')
      .filter({ hasNotText: /playlist/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // A script URL is not a web address: those bookings show no link at all.
    await expect(dialog.getByRole('link')).toHaveCount(0);
    expect(await page.evaluate(findActiveContent, 'dialog')).toEqual([]);
    await page.keyboard.press('Escape');
  }
  if (lab.tabs) {
    const tabs = await page
      .locator(`main a[href^="${lab.path}/"]`)
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
    const optionTabs = tabs.filter((href) => !href.endsWith('/slides'));
    expect(optionTabs.length, 'the activity has option tabs').toBeGreaterThan(0);
    for (const tab of optionTabs) {
      await page.goto(tab);
      await expectNothingRan(page, tab, lab.heading);
    }
  }
}

for (const { name, bypassCSP } of [
  { name: 'with the Content-Security-Policy', bypassCSP: false },
  { name: 'with the CSP bypassed: the sanitizer alone', bypassCSP: true },
]) {
  test.describe(`XSS corpus, ${name}`, () => {
    test.use({ bypassCSP });

    test(`no payload of ${XSS_PAYLOADS.length} (and ${XSS_URLS.length} script URLs) runs on the pages that render them`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const seen = watch(page);
      for (const lab of await labPages(request)) await visitLab(page, lab);
      expect(seen.dialogs).toEqual([]);
      expect(seen.errors).toEqual([]);
      expect(seen.reactBlocked, 'pages that handed a javascript: URL to the DOM').toEqual([]);
    });
  });
}

test.describe('Content-Security-Policy', () => {
  test("is served with the app, without 'unsafe-inline' scripts, and the app loads with zero violations", async ({
    page,
    request,
  }) => {
    for (const path of ['/', '/primary/sound-explorers']) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const header = response.headers()['content-security-policy'] ?? '';
      const directives = new Map(
        header
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .filter((words) => words[0])
          .map(([directive, ...sources]) => [directive!, sources]),
      );
      const scripts = directives.get('script-src') ?? directives.get('default-src');
      expect(scripts, `${path}: a script-src`).toBeDefined();
      expect(scripts).toContain("'self'");
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
        expect(scripts, `${path}: script-src without ${unsafe}`).not.toContain(unsafe);
      }
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      // The app's own page carries no inline script for the policy to have to allow.
      const html = await response.text();
      expect(html.match(/<script\b(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    }

    await page.addInitScript(() => {
      const record: string[] = [];
      (window as { __cspViolations?: string[] }).__cspViolations = record;
      document.addEventListener('securitypolicyviolation', (event) => {
        record.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    for (const [path, heading] of [
      ['/', /\S/],
      ['/primary/sound-explorers', 'Sound Explorers'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toHaveText(heading);
      await expect(loadingSpinner(page)).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations),
        path,
      ).toEqual([]);
    }

    // The policy is enforced, not only sent: an injected inline script does not run.
    const injected = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.head.append(script);
      await new Promise((done) => setTimeout(done, 100));
      return {
        ran: (window as { __inline?: number }).__inline,
        violations: (window as { __cspViolations?: string[] }).__cspViolations ?? [],
      };
    });
    expect(injected.ran).toBeUndefined();
    expect(injected.violations.some((violation) => violation.startsWith('script-src'))).toBe(true);
  });
});
