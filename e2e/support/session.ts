import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO } from './fixtures';

/** Logs in through the login panel, as a teacher would. */
export async function logInThroughPanel(
  page: Page,
  email: string,
  password: string,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /Log in to/ });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the login panel from the header (the menu toggle first on small screens). */
export async function openLoginPanel(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menu' });
  if (await toggle.isVisible()) await toggle.click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Log In' })
    .click();
  // The panel's code loads when first asked for: a check of the page must wait for it to open.
  await expect(page.getByRole('dialog', { name: /Log in to/ })).toBeVisible();
}

/**
 * Waits until the service worker controls the page: first until it is active (installing the
 * precache can take a while on a loaded machine), then until it has taken this page over.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** The demo subscriber logged in through the panel from the home page, as a teacher does. */
export async function logInAsSubscriber(page: Page): Promise<void> {
  await page.goto('/');
  await openLoginPanel(page);
  await logInThroughPanel(page, DEMO.subscriber.email, DEMO.subscriber.password);
}

/** Log Out from the account menu (through the phone menu where the bar is folded), as a teacher does. */
export async function logOut(page: Page): Promise<void> {
  const menuToggle = page.getByRole('button', { name: 'Menu' });
  if (await menuToggle.isVisible()) await menuToggle.click();
  await page.getByRole('button', { name: /Welcome back/ }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log In' }),
  ).toBeVisible();
}

/**
 * The demo subscriber's session stored before the page's first script runs, as a returning
 * teacher has it: for tests about what a signed-in page looks like, not about logging in.
 */
export async function storeSubscriberSession(page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/local', {
    data: { identifier: DEMO.subscriber.email, password: DEMO.subscriber.password },
  });
  expect(login.ok()).toBe(true);
  const { jwt, user } = (await login.json()) as { jwt: string; user: unknown };
  await page.addInitScript(
    ({ token, stored }) => {
      if (localStorage.getItem('auth')) return;
      localStorage.setItem('user', JSON.stringify(stored));
      localStorage.setItem('auth', token);
      localStorage.setItem('role', 'active_subscriber');
    },
    { token: jwt, stored: user },
  );
}

/** Keyboard only: Tab (never a click) until the control has focus. */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}
