import { expect, type Page } from '@playwright/test';

/** Logs in through the login panel, as a teacher would. */
export async function logInThroughPanel(page: Page, email: string, password: string): Promise<void> {
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
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log In' }).click();
}

/**
 * Waits until the service worker controls the page: first until it is active (installing the
 * precache can take a while on a loaded machine), then until it has taken this page over.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
