import { test as base, expect } from '@playwright/test';
import { faultsAt, type Faults } from './faults';

/** Every test runs against the stack global-setup started (its address is known only then). */
export const test = base.extend<{ faults: Faults }>({
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite with `npx playwright test`.');
    await use(url);
  },
  // Faults on the wire between the web server and the CMS; none outlive the test that set them.
  // eslint-disable-next-line no-empty-pattern
  faults: async ({}, use) => {
    const url = process.env.E2E_FAULTS_URL;
    if (!url)
      throw new Error('E2E_FAULTS_URL is not set: run the suite with `npx playwright test`.');
    const faults = faultsAt(url);
    await faults.clear();
    await use(faults);
    await faults.clear();
  },
});

export { expect };

/** The demo accounts the CMS seed creates (the README's demo accounts). */
export const DEMO = {
  subscriber: { email: 'subscriber@demo.school', password: 'music1234' },
  subscriber2: { email: 'subscriber2@demo.school', password: 'music1234' },
  trial: { email: 'trial@demo.school', password: 'music1234' },
} as const;
