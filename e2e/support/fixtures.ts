import { test as base, expect } from '@playwright/test';
import { faultsAt, type Faults } from './faults';
import { startStack, type Stack } from './stack';

/**
 * Every test runs against its worker's own stack (./stack.ts), booted when the worker starts.
 * The worker's environment names it too (E2E_BASE_URL, E2E_CMS_URL, E2E_DATA_DIR,
 * E2E_FAULTS_URL) for the helpers that read it there; each worker is its own process.
 */
export const test = base.extend<{ faults: Faults }, { stack: Stack }>({
  stack: [
    // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startStack();
      process.env.E2E_BASE_URL = stack.baseUrl;
      process.env.E2E_CMS_URL = stack.cmsUrl;
      process.env.E2E_DATA_DIR = stack.dataDir;
      process.env.E2E_FAULTS_URL = stack.faultsUrl;
      try {
        await use(stack);
      } finally {
        await stack.stop();
      }
    },
    // A boot on a loaded machine can take minutes (startCms's own limit is 240 s).
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.baseUrl);
  },
  // Faults on the wire between the web server and the CMS; none outlive the test that set them.
  faults: async ({ stack }, use) => {
    const faults = faultsAt(stack.faultsUrl);
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
