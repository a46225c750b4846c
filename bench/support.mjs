// What the browser benchmarks share: the demo subscriber, signing in through the app's own login
// panel (and a browser signed in that way, under the service worker), and asking the CMS for the
// seeded content's ids (they differ on every fresh seed).

import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

const ACCOUNT = { identifier: 'subscriber@demo.school', password: 'music1234' };

/**
 * One GraphQL query as the demo subscriber, straight to the CMS (through the web server).
 * @param {string} baseUrl @param {string} query @returns {Promise<any>}
 */
export async function subscriberQuery(baseUrl, query) {
  const login = await fetch(`${baseUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNT),
  });
  const { jwt } = /** @type {{ jwt: string }} */ (await login.json());
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ query }),
  });
  const answer = /** @type {{ data?: any, errors?: { message: string }[] }} */ (
    await response.json()
  );
  if (!answer.data)
    throw new Error(`benchmark query failed: ${answer.errors?.[0]?.message ?? response.status}`);
  return answer.data;
}

/** Signs in through the login panel, as a teacher would. @param {import('@playwright/test').Page} page */
export async function signInThroughPanel(page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Log In' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Log in to/ });
  await dialog.getByLabel('Email address').fill(ACCOUNT.identifier);
  await dialog.getByLabel('Password').fill(ACCOUNT.password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Chromium with one context on `baseURL`, signed in as the demo subscriber through the app, with
 * the service worker in control: where the offline benchmarks start. The caller closes `browser`.
 * @param {string} baseURL
 */
export async function signedInUnderWorker(baseURL) {
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await signInThroughPanel(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    return { browser, context, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
