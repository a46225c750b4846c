import { test as base, expect } from '@playwright/test';

/** Every test runs against the stack global-setup started (its address is known only then). */
export const test = base.extend({
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite with `npx playwright test`.');
    await use(url);
  },
});

export { expect };

/** The demo accounts the CMS seed creates (README, "Demo accounts"). */
export const DEMO = {
  subscriber: { email: 'subscriber@demo.school', password: 'music1234' },
  subscriber2: { email: 'subscriber2@demo.school', password: 'music1234' },
  trial: { email: 'trial@demo.school', password: 'music1234' },
} as const;
